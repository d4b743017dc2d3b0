/**
 * The storefront's small entities over real HTTP (SPEC §11): the storefront's settings, currencies, languages and
 * order statuses; pages (A and H listed, D never); active vendors and vendor registration (a company in status N);
 * reviews (`sra_discussion`: approved posts and the average rating of what a shopper may see, posts held for
 * approval). Who: a guest with the Storefront-Api-Access-Key, a signed-in customer, no key at all (401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCli,
  createCompany,
  createUser,
  expectError,
  expectStatus,
  expectUnauthorized,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';

const PASSWORD = 'correct horse 42';
const SF = '/api/4.0';

let guest: { auth: null; headers: Record<string, string> };
let customerAuth: Auth;
let customerId: number;
let storeId: number;

async function signIn(email: string): Promise<Auth> {
  const response = await api('POST', '/api/auth_tokens', { auth: null, body: { email, password: PASSWORD } });
  expectStatus(response, 201);
  return [response.json.token as string, ''];
}

beforeAll(async () => {
  const printed = await adminCli(['storefront-key']);
  expect(printed.code, printed.stderr).toBe(0);
  guest = { auth: null, headers: { 'Storefront-Api-Access-Key': printed.stdout.trim().split('\n').pop()! } };
  storeId = await createCompany(`Misc Store ${uid()}`);
  const email = uniqueEmail('misc');
  customerId = await createUser({ user_type: 'C', email, firstname: 'Ada', company_id: storeId, password: PASSWORD });
  customerAuth = await signIn(email);
}, 120_000);

describe('who may read the storefront entities', () => {
  it('a guest with the key and a customer read them; without key or token a 401; writes are refused', async () => {
    for (const path of ['sra_storefront', 'sra_currencies', 'sra_languages', 'sra_order_statuses', 'sra_pages']) {
      expectStatus(await api('GET', `${SF}/${path}`, guest), 200);
      expectStatus(await api('GET', `${SF}/${path}/`, { auth: customerAuth }), 200);
      expectStatus(await api('GET', `/api/${path}`, guest), 200);
      expectUnauthorized(await api('GET', `${SF}/${path}`, { auth: null }));
      expect((await api('POST', `${SF}/${path}`, { ...guest, body: { x: 1 } })).status).toBe(405);
    }
  }, 60_000);
});

describe('sra_storefront, sra_currencies, sra_languages, sra_order_statuses', () => {
  it('the storefront: its store, the Company settings, the languages and the currency with their defaults', async () => {
    const response = await api('GET', `${SF}/stores/${storeId}/sra_storefront`, guest);
    expectStatus(response, 200);
    expect(response.json.storefront_id).toBe(storeId);
    expect(response.json.status).toBe('Y');
    expect(response.json.settings.company_name).toMatch(/^Misc Store /);
    expect(typeof response.json.settings.company_phone).toBe('string');
    const english = response.json.languages.find((language: { lang_code: string }) => language.lang_code === 'en');
    expect(english).toMatchObject({ lang_code: 'en', is_default: true });
    expect(response.json.currencies).toEqual([
      expect.objectContaining({ currency_code: 'USD', symbol: '$', is_primary: 'Y', is_default: true }),
    ]);
    expectStatus(await api('GET', `${SF}/sra_storefront/${storeId}`, guest), 200);
    expectError(await api('GET', `${SF}/sra_storefront/99999999`, guest), 404);
  });

  it('a disabled store is no storefront: 404 by id and in its context', async () => {
    const closed = await createCompany();
    expectStatus(await api('PUT', `/api/stores/${closed}`, { body: { status: 'D' } }), 200);
    expectError(await api('GET', `${SF}/sra_storefront/${closed}`, guest), 404);
    expectError(await api('GET', `${SF}/stores/${closed}/sra_pages`, guest), 404);
  });

  it('currencies and languages: the list under its key, one by id, 404 for another id', async () => {
    const currencies = await api('GET', `${SF}/sra_currencies`, guest);
    expect(currencies.json).toEqual({
      currencies: [{ currency_code: 'USD', description: 'US Dollars', is_primary: true, symbol: '$' }],
    });
    expect((await api('GET', `${SF}/sra_currencies/1`, guest)).json.currency_code).toBe('USD');
    expectError(await api('GET', `${SF}/sra_currencies/2`, guest), 404);
    const languages = await api('GET', `${SF}/sra_languages`, guest);
    expect(languages.json.languages).toContainEqual({ lang_code: 'en', name: expect.any(String), is_default: true });
    for (const language of languages.json.languages)
      expect(Object.keys(language).sort()).toEqual(['is_default', 'lang_code', 'name']);
    expect((await api('GET', `${SF}/sra_languages/1`, guest)).json.lang_code).toBe('en');
    expectError(await api('GET', `${SF}/sra_languages/99999999`, guest), 404);
    expectError(await api('GET', `${SF}/sra_languages/abc`, guest), 404);
  });

  it('order statuses: keyed by letter, with description and color', async () => {
    const response = await api('GET', `${SF}/sra_order_statuses`, { auth: customerAuth });
    expectStatus(response, 200);
    expect(response.json.O).toEqual({ status: 'O', description: 'Open', color: expect.any(String) });
    expect(response.json.C.description).toBe('Complete');
  });
});
