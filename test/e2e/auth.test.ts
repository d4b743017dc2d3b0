/**
 * Auth (SPEC §10, the recording's `auth`) over real HTTP: POST /auth answers a one-time, expiring login key
 * and its storefront link; only the key's SHA-256 is stored, with the table's TTL attribute (read back from
 * DynamoDB Local); the escalation guard; GET, PUT and DELETE are 403 for everyone, root included.
 */
import { createHash } from 'node:crypto';
import { DescribeTimeToLiveCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import {
  createAdmin,
  createApiUser,
  createCompany,
  createCustomer,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  rootUserId,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { testStore } from '../support/store.js';

const STOREFRONT = 'http://localhost/index.php';
const SLOW = 120_000;

async function customerEmail(): Promise<{ email: string; userId: number }> {
  const email = uniqueEmail('customer');
  const userId = await createUser({ user_type: 'C', email });
  return { email, userId };
}

async function storedItem(key: string): Promise<Record<string, unknown> | undefined> {
  const { db } = await import('../../lib/db/client.js');
  const hash = createHash('sha256').update(key).digest('hex');
  const { Item } = await db().send(
    new GetCommand({ TableName: testStore().tableName, Key: { pk: `EKEY#${hash}`, sk: 'EKEY' }, ConsistentRead: true }),
  );
  return Item;
}

describe('auth', () => {
  it('GET, PUT and DELETE are 403 for everyone, root included, after the credentials are checked', async () => {
    expectForbidden(await api('GET', '/api/auth'));
    expectForbidden(await api('GET', '/api/auth/1'));
    expectForbidden(await api('PUT', '/api/auth/1', { body: { x: 1 } }));
    expectForbidden(await api('DELETE', '/api/auth/1'));
    expectForbidden(await api('GET', '/api/2.0/auth'));
    expectForbidden(await api('GET', '/api.php?_d=auth&ajax_custom=1'));
    expectUnauthorized(await api('GET', '/api/auth', { auth: null }));
    expectUnauthorized(await api('POST', '/api/auth', { auth: null, body: { email: 'x@example.com' } }));
    // The shape errors stay 405.
    expectError(await api('POST', '/api/auth/1', { body: { email: 'x@example.com' } }), 405);
    expectError(await api('PUT', '/api/auth', { body: { x: 1 } }), 405);
  });

  it('POST needs email (400 naming it); an unknown e-mail is a 404; a bad one a 400', async () => {
    expectError(
      await api('POST', '/api/auth', { body: { notify: false } }),
      400,
      'Bad Request: The email field is required',
    );
    expectError(await api('POST', '/api/auth', { body: { email: 'nobody-zz@example.com' } }), 404);
    expectError(await api('POST', '/api/auth', { body: { email: 'not an address' } }), 400);
  });

  it('a disabled user gets no key (400 naming email)', async () => {
    const email = uniqueEmail('disabled');
    await createUser({ user_type: 'C', email, status: 'D' });
    const refused = await api('POST', '/api/auth', { body: { email } });
    expectError(refused, 400, 'Bad Request: The user with this e-mail is disabled; no login key is issued');
    expect(refused.json.errors[0].field).toBe('email');
  });

  it('201 {key, link}: a 32-character key and the storefront link; the key stored only as its SHA-256 with a TTL', async () => {
    const { email, userId } = await customerEmail();
    const before = Math.floor(Date.now() / 1000);
    const response = await api('POST', '/api/auth', { body: { email: email.toUpperCase(), notify: false } });
    expectStatus(response, 201);
    expect(Object.keys(response.json).sort()).toEqual(['key', 'link']);
    const { key, link } = response.json as { key: string; link: string };
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(link).toBe(`${STOREFRONT}?dispatch=auth.ekey_login&ekey=${key}`);

    const item = await storedItem(key);
    expect(item).toBeDefined();
    expect(item).toMatchObject({ user_id: userId });
    const expires = Number(item!.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 86_400);
    expect(expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 86_400);
    expect(JSON.stringify(item)).not.toContain(key);
    const client = new DynamoDBClient({});
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: testStore().tableName }));
    expect(ttl.TimeToLiveDescription?.AttributeName).toBe('expires_at');

    // A second request gives another key.
    const again = await api('POST', '/api/auth', { body: { email } });
    expectStatus(again, 201);
    expect(again.json.key).not.toBe(key);
  });

  it('the key is one-time and expires: used once it is gone; an expired one is refused', async () => {
    const { redeemLoginKey, storeLoginKey } = await import('../../lib/db/login-keys.js');
    const { hashApiKey } = await import('../../lib/auth/api-keys.js');
    const table = (await import('../../lib/db/table-context.js')).defaultTableContext();
    const { email, userId } = await customerEmail();
    const { key } = (await api('POST', '/api/auth', { body: { email } })).json as { key: string };
    expect(await redeemLoginKey(hashApiKey(key), table)).toBe(userId);
    expect(await redeemLoginKey(hashApiKey(key), table)).toBeUndefined();
    expect(await storedItem(key)).toBeUndefined();
    const stale = hashApiKey('Stale0KeyStale0KeyStale0KeyStale');
    await storeLoginKey(stale, userId, table, Math.floor(Date.now() / 1000) - 2 * 86_400);
    expect(await redeemLoginKey(stale, table)).toBeUndefined();
  });

  it('redirect_url rides along in the link when it stays on the storefront; notify true is a 400 (no mailer)', async () => {
    const { email } = await customerEmail();
    const response = await api('POST', '/api/auth', {
      body: { email, redirect_url: '/index.php?dispatch=orders.search' },
    });
    expectStatus(response, 201);
    const link = new URL(response.json.link);
    expect(link.searchParams.get('redirect_url')).toBe('/index.php?dispatch=orders.search');
    expect(link.searchParams.get('ekey')).toBe(response.json.key);
    expectError(
      await api('POST', '/api/auth', { body: { email, redirect_url: 'https://evil.example.net/' } }),
      400,
      'Bad Request: The redirect_url field must be a path or URL on the storefront',
    );
    const notify = await api('POST', '/api/auth', { body: { email, notify: true } });
    expectError(notify, 400);
    expect(notify.json.message).toMatch(/^Bad Request: The notify field cannot be true/);
    expectError(
      await api('POST', '/api/auth', { body: { email, notify: 'perhaps' } }),
      400,
      'Bad Request: The notify field must be true or false',
    );
    expectStatus(await api('POST', '/api/auth', { body: { email, notify: 'N' } }), 201);
  });

  it(
    'the escalation guard: a non-root manager gets keys for customers only; nobody for themselves; root for anyone else',
    async () => {
      const manager = await createAdmin(['manage_users']);
      const { email } = await customerEmail();
      expectStatus(await api('POST', '/api/auth', { auth: manager.auth, body: { email } }), 201);
      const otherAdmin = uniqueEmail('admin');
      await createUser({ user_type: 'A', email: otherAdmin });
      const vendorEmail = uniqueEmail('vendor');
      await createUser({ user_type: 'V', email: vendorEmail, company_id: await createCompany() });
      expectForbidden(await api('POST', '/api/auth', { auth: manager.auth, body: { email: otherAdmin } }));
      expectForbidden(await api('POST', '/api/auth', { auth: manager.auth, body: { email: vendorEmail } }));
      expectForbidden(await api('POST', '/api/auth', { auth: manager.auth, body: { email: manager.email } }));
      // Root: anyone but themselves.
      expectStatus(await api('POST', '/api/auth', { body: { email: otherAdmin } }), 201);
      expectStatus(await api('POST', '/api/auth', { body: { email: vendorEmail } }), 201);
      expectForbidden(await api('POST', '/api/auth', { body: { email: inject('adminEmail') } }));
      expect(await rootUserId()).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'needs manage_users (before the body is judged); vendors are refused',
    async () => {
      const reader = await createAdmin(['view_users']);
      expectForbidden(await api('POST', '/api/auth', { auth: reader.auth, body: {} }));
      const manager = await createAdmin(['manage_users']);
      expectForbidden(await api('GET', '/api/auth', { auth: manager.auth }));
      const vendor = await createApiUser('V', ['--company', String(await createCompany())]);
      const customer = await createCustomer();
      expect(customer).toBeGreaterThan(0);
      expectForbidden(await api('POST', '/api/auth', { auth: vendor.auth, body: { email: 'x@example.com' } }));
    },
    SLOW,
  );
});
