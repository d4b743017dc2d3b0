/**
 * The administration panel in a real browser: Chromium from Debian's packages driven by playwright-core
 * (nothing downloaded at run time), with JavaScript switched off in the pages, as the panel needs none.
 * A root administrator signs in, opens Customers → Administrators → an account → API access, switches it
 * on, reads the key off the page, calls the API with it (200), switches it off, and the same call is a 401.
 * Then the same at phone width. Screenshots of every step go to test-output/panel-browser/ (git-ignored).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, ensureChromium } from '../support/chromium.js';
import { cliCreateUser, expectStatus, expectUnauthorized, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { createPanelAdmin, type PanelAdmin } from '../support/panel.js';
import { testStore } from '../support/store.js';

const OUTPUT = join(fileURLToPath(new URL('../..', import.meta.url)), 'test-output', 'panel-browser');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let root: PanelAdmin;

beforeAll(async () => {
  rmSync(OUTPUT, { recursive: true, force: true });
  mkdirSync(OUTPUT, { recursive: true });
  const executablePath = await ensureChromium();
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 60_000 });
  root = await createPanelAdmin(['--root'], `admin-${uid()}@example.com`);
}, 15 * 60_000);

afterAll(async () => {
  await browser?.close();
});

async function newPage(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: false, baseURL: testStore().baseUrl });
  context.setDefaultTimeout(20_000);
  return { context, page: await context.newPage() };
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
}

/** Nothing sticks out sideways: the page fits the viewport's width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  // A string, so the Node-side type check needs no DOM library.
  const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
  );
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`).toBeLessThanOrEqual(innerWidth);
}

async function signIn(page: Page, admin: PanelAdmin): Promise<void> {
  await page.goto('/admin');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/administrators');
}

/** Customers → Administrators → (found by e-mail: the suite's database holds hundreds) the account → its API access tab. */
async function openApiTab(page: Page, email: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Administrators', exact: true })
    .click();
  await page.waitForURL('**/admin/administrators');
  await page.getByLabel('Find by e-mail').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.waitForURL(/\/admin\/administrators\?email=/);
  await page.getByRole('link', { name: email, exact: true }).click();
  await page.waitForURL(/\/admin\/users\/\d+$/);
  await page.getByRole('link', { name: 'API access' }).click();
  await page.waitForURL(/\/admin\/users\/\d+\/api$/);
}

async function setApiAccess(page: Page, on: boolean): Promise<void> {
  await page.getByLabel('Allow API access').setChecked(on);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForLoadState();
}

describe('the administration panel in Chromium', () => {
  it('signs in, switches API access on, the key shown works (200), switches it off (401)', async () => {
    // Prepare
    const email = `support-${uid()}@example.com`;
    await cliCreateUser(email, 'A', ['--firstname', 'Sam', '--lastname', 'Support']);
    const { context, page } = await newPage(DESKTOP);

    // Act / Assess, step by step
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    await shot(page, '01-sign-in');
    await signIn(page, root);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Administrators');
    await shot(page, '02-administrators');

    await openApiTab(page, email);
    expect(await page.getByLabel('Allow API access').isChecked()).toBe(false);
    await shot(page, '03-api-access-tab');

    await setApiAccess(page, true);
    const key = (await page.locator('#api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await page.getByText('it is shown only this once').count()).toBe(1);
    expect(await page.getByLabel('Allow API access').isChecked()).toBe(true);
    await shot(page, '04-key-shown-once');
    expectStatus(await api('GET', '/api/version', { auth: [email, key] }), 200);

    await page.reload(); // a reload re-asks for the page (GET): the key is not shown again
    expect(await page.locator('#api-key').count()).toBe(0);

    await setApiAccess(page, false);
    expect(await page.getByText('the key was revoked').count()).toBe(1);
    expect(await page.getByLabel('Allow API access').isChecked()).toBe(false);
    await shot(page, '05-switched-off');
    expectUnauthorized(await api('GET', '/api/version', { auth: [email, key] }));

    await context.close();
  }, 120_000);

  it('works at phone width (390 px): nothing scrolls sideways, and the same switch works', async () => {
    // Prepare
    const email = `phone-${uid()}@example.com`;
    await cliCreateUser(email, 'A');
    const { context, page } = await newPage(PHONE);

    // Act / Assess
    await signIn(page, root);
    await expectNoSidewaysScroll(page);
    await shot(page, '06-phone-administrators');
    await openApiTab(page, email);
    await expectNoSidewaysScroll(page);
    await setApiAccess(page, true);
    const key = (await page.locator('#api-key').textContent())?.trim() ?? '';
    await expectNoSidewaysScroll(page);
    await shot(page, '07-phone-key-shown');
    expectStatus(await api('GET', '/api/version', { auth: [email, key] }), 200);
    await setApiAccess(page, false);
    expectUnauthorized(await api('GET', '/api/version', { auth: [email, key] }));

    // Sign out from the phone: back to the form, and the panel is closed again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/admin/login');
    await page.goto('/admin/administrators');
    await page.waitForURL('**/admin/login');
    await shot(page, '08-phone-signed-out');

    await context.close();
  }, 120_000);
});
