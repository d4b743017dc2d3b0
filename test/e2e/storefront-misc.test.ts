/**
 * The storefront's small entities over real HTTP (SPEC §11): the storefront's settings, currencies, languages and
 * order statuses; pages (A and H listed, D never); active vendors and vendor registration (a company in status N);
 * reviews (`sra_discussion`: approved posts and the average rating of what a shopper may see, posts held for
 * approval). Who: a guest with the Storefront-Api-Access-Key, a signed-in customer, no key at all (401).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApiUser,
  createCompany,
  expectError,
  expectForbidden,
  expectStatus,
  expectUnauthorized,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';
import { type Guest, signedInCustomer, storefrontGuest } from '../support/shoppers.js';

const SF = '/api/4.0';

let guest: Guest;
let customerAuth: Auth;
let customerId: number;
let storeId: number;

beforeAll(async () => {
  guest = await storefrontGuest();
  storeId = await createCompany(`Misc Store ${uid()}`);
  ({ id: customerId, auth: customerAuth } = await signedInCustomer({ firstname: 'Ada', company_id: storeId }));
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

  it("an administrator's API key reads them; a vendor's API key never opens the storefront (403)", async () => {
    const vendor = await createApiUser('V', ['--company', String(storeId)]);
    for (const path of ['sra_storefront', 'sra_pages', 'sra_vendors', 'vendor_registration']) {
      expectStatus(await api('GET', `${SF}/${path}`), 200);
      expectForbidden(await api('GET', `${SF}/${path}`, { auth: vendor.auth }));
    }
    expectForbidden(
      await api('POST', `${SF}/sra_discussion`, { auth: vendor.auth, body: { object_type: 'E', object_id: 0 } }),
    );
    expectStatus(await api('GET', '/api/version', { auth: vendor.auth }), 200);
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

async function page(fields: object): Promise<number> {
  const response = await api('POST', '/api/pages', { body: { page_type: 'T', page: `Page ${uid()}`, ...fields } });
  expectStatus(response, 201);
  return response.json.page_id as number;
}

describe('sra_pages', () => {
  it('lists A and H pages of active stores under `pages`, never D ones, whatever `status` asks; D is a 404 as a single', async () => {
    const open = await createCompany();
    const closed = await createCompany();
    const active = await page({ company_id: open, status: 'A' });
    const hidden = await page({ company_id: open, status: 'H' });
    const disabled = await page({ company_id: open, status: 'D' });
    const ofClosed = await page({ company_id: closed, status: 'A' });
    expectStatus(await api('PUT', `/api/stores/${closed}`, { body: { status: 'D' } }), 200);
    for (const query of ['', '?status=D', '?items_per_page=500']) {
      const response = await api('GET', `${SF}/stores/${open}/sra_pages${query}`, guest);
      expectStatus(response, 200);
      const ids = response.json.pages.map((row: { page_id: string }) => Number(row.page_id));
      expect(ids.sort()).toEqual([active, hidden].sort());
    }
    const everywhere = await api('GET', `${SF}/sra_pages?items_per_page=250`, guest);
    const ids = everywhere.json.pages.map((row: { page_id: string }) => Number(row.page_id));
    expect(ids).toContain(active);
    expect(ids).not.toContain(disabled);
    expect(ids).not.toContain(ofClosed);
    const single = await api('GET', `${SF}/sra_pages/${hidden}`, { auth: customerAuth });
    expect(single.json).toMatchObject({ page_id: String(hidden), status: 'H', discussion_type: 'B', thread_id: 0 });
    expectError(await api('GET', `${SF}/sra_pages/${disabled}`, guest), 404);
    expectError(await api('GET', `${SF}/sra_pages/${ofClosed}`, guest), 404);
    expectError(await api('GET', `${SF}/stores/${closed}/sra_pages/${ofClosed}`, guest), 404);
    expectError(await api('GET', `${SF}/stores/${storeId}/sra_pages/${active}`, guest), 404);
  });
});

describe('sra_vendors and vendor_registration', () => {
  it('an application makes a vendor in status N, unseen by shoppers until an administrator activates it', async () => {
    const form = await api('GET', `${SF}/vendor_registration`, guest);
    expectStatus(form, 200);
    expect(form.json.fields.C.fields).toContainEqual(
      expect.objectContaining({ field_name: 'company', required: true }),
    );
    const name = `Applicant ${uid()}`;
    const applied = await api('POST', `${SF}/vendor_registration`, {
      ...guest,
      body: {
        company: name,
        email: uniqueEmail('vendor'),
        phone: '555-0100',
        city: 'Lyon',
        status: 'A',
        company_id: 1,
      },
    });
    expectStatus(applied, 201);
    const vendorId = applied.json.company_id as number;
    expect(vendorId).not.toBe(1);
    const stored = await api('GET', `/api/vendors/${vendorId}`);
    expect(stored.json).toMatchObject({ company: name, status: 'N', city: 'Lyon' });
    expectError(await api('GET', `${SF}/sra_vendors/${vendorId}`, guest), 404);
    const before = await api('GET', `${SF}/sra_vendors?company=${encodeURIComponent(name)}`, guest);
    expect(before.json.sravendors).toEqual([]);

    expectStatus(await api('PUT', `/api/vendors/${vendorId}`, { body: { status: 'A' } }), 200);
    const listed = await api('GET', `${SF}/sra_vendors?company=${encodeURIComponent(name)}`, guest);
    expect(listed.json.sravendors).toHaveLength(1);
    const row = listed.json.sravendors[0];
    expect(row).toMatchObject({ company_id: String(vendorId), company: name, status: 'A', products_count: 0 });
    expect(row.contact_information.phone).toBe('555-0100');
    expect(row.shipping_address.city).toBe('Lyon');
    expect(row).not.toHaveProperty('request_account_data');
    const single = await api('GET', `${SF}/sra_vendors/${vendorId}`, { auth: customerAuth });
    expect(single.json).toMatchObject({ company_id: String(vendorId), average_rating: 0, discussion_type: 'B' });
  });

  it('hostile applications: 400 naming the field, nothing made', async () => {
    const name = `Hostile ${uid()}`;
    expectError(await api('POST', `${SF}/vendor_registration`, { ...guest, body: { email: uniqueEmail('v') } }), 400);
    expectError(await api('POST', `${SF}/vendor_registration`, { ...guest, body: { company: name } }), 400);
    expectError(
      await api('POST', `${SF}/vendor_registration`, { ...guest, body: { company: name, email: 'not an e-mail' } }),
      400,
    );
    expectError(
      await api('POST', `${SF}/vendor_registration`, { ...guest, body: '[1,2', contentType: 'application/json' }),
      400,
    );
    const found = await api('GET', `/api/vendors?company=${encodeURIComponent(name)}`);
    expect(found.json.vendors).toEqual([]);
    expectUnauthorized(await api('POST', `${SF}/vendor_registration`, { auth: null, body: { company: name } }));
  });
});

async function postReview(auth: typeof guest | { auth: Auth }, body: object) {
  return api('POST', `${SF}/sra_discussion`, { ...auth, body });
}

describe('sra_discussion (reviews)', () => {
  let productId: number;
  beforeAll(async () => {
    const response = await api('POST', '/api/products', {
      body: { product: `Reviewed ${uid()}`, price: '10.00', company_id: storeId },
    });
    expectStatus(response, 201);
    productId = response.json.product_id as number;
  });

  it('a guest and a customer post; posts wait for approval; approved ones are read with their average rating', async () => {
    const posted = await postReview(guest, {
      object_type: 'P',
      object_id: productId,
      name: 'Guest',
      message: 'Lovely',
      rating_value: 5,
    });
    expectStatus(posted, 201);
    expect(posted.json).toEqual({
      thread_id: expect.any(Number),
      post_id: expect.any(Number),
      is_approval_required: true,
    });
    const byThread = await postReview(
      { auth: customerAuth },
      {
        thread_id: posted.json.thread_id,
        name: 'Ada',
        message: 'Fine',
        rating_value: 2,
      },
    );
    expectStatus(byThread, 201);
    expect(byThread.json.thread_id).toBe(posted.json.thread_id);

    const path = `${SF}/sra_discussion?object_type=P&object_id=${productId}`;
    const pending = await api('GET', path, guest);
    expectStatus(pending, 200);
    expect(pending.json).toMatchObject({ thread_id: posted.json.thread_id, type: 'B', average_rating: 0, posts: [] });
    const held = await api('GET', `/api/discussions/${posted.json.post_id}`);
    expect(held.json).toMatchObject({ status: 'D', object_type: 'P', object_id: String(productId), user_id: '0' });
    expect((await api('GET', `/api/discussions/${byThread.json.post_id}`)).json.user_id).toBe(String(customerId));

    for (const post of [posted, byThread])
      expectStatus(await api('PUT', `/api/discussions/${post.json.post_id}`, { body: { status: 'A' } }), 200);
    const approved = await api('GET', path, { auth: customerAuth });
    expect(approved.json.average_rating).toBe(3.5);
    expect(approved.json.search.total_items).toBe(2);
    expect(approved.json.posts.map((post: { message: string }) => post.message).sort()).toEqual(['Fine', 'Lovely']);
    expect(approved.json.posts[0]).not.toHaveProperty('ip_address');
    expect(approved.json.posts[0]).not.toHaveProperty('status');
    const paged = await api('GET', `${path}&items_per_page=1&page=2`, guest);
    expect(paged.json.posts).toHaveLength(1);
  });

  it("reviews of what a shopper may not see are a 404; discussion_type D turns them off (403); a vendor's (M) and the store's (E)", async () => {
    const hidden = await api('POST', '/api/products', {
      body: { product: `Disabled ${uid()}`, price: '1.00', company_id: storeId, status: 'D' },
    });
    const hiddenPath = `${SF}/sra_discussion?object_type=P&object_id=${hidden.json.product_id}`;
    expectError(await api('GET', hiddenPath, guest), 404);
    expectError(
      await postReview(guest, {
        object_type: 'P',
        object_id: hidden.json.product_id,
        name: 'X',
        message: 'x',
        rating_value: 1,
      }),
      404,
    );
    expectError(await api('GET', `${SF}/sra_discussion?object_type=O&object_id=1`, guest), 404);

    const quiet = await api('POST', '/api/products', {
      body: { product: `Quiet ${uid()}`, price: '1.00', company_id: storeId, discussion_type: 'D' },
    });
    expect((await api('GET', `/api/products/${quiet.json.product_id}`)).json.discussion_type).toBe('D');
    expectError(await api('GET', `${SF}/sra_discussion?object_type=P&object_id=${quiet.json.product_id}`, guest), 403);

    const ratingOnly = await createCompany();
    expectStatus(await api('PUT', `/api/vendors/${ratingOnly}`, { body: { discussion_type: 'R' } }), 200);
    expectError(
      await postReview(guest, { object_type: 'M', object_id: ratingOnly, name: 'X', message: 'no rating' }),
      400,
    );
    const rated = await postReview(guest, { object_type: 'M', object_id: ratingOnly, name: 'X', rating_value: 4 });
    expectStatus(rated, 201);
    const admin = await api('GET', `/api/discussions?object_type=M&object_id=${ratingOnly}`);
    expect(admin.json.discussions).toHaveLength(1);
    expectStatus(await api('PUT', `/api/discussions/${rated.json.post_id}`, { body: { status: 'A' } }), 200);
    const vendor = await api('GET', `${SF}/sra_vendors/${ratingOnly}`, guest);
    expect(vendor.json).toMatchObject({ discussion_type: 'R', average_rating: 4, thread_id: rated.json.thread_id });
    // Deleting the vendor deletes its reviews, as CS-Cart does.
    expectStatus(await api('DELETE', `/api/vendors/${ratingOnly}`), 204);
    expectError(await api('GET', `/api/discussions/${rated.json.post_id}`), 404);
    expectStatus(
      await postReview(guest, { object_type: 'E', object_id: 0, name: 'X', message: 'Nice shop', rating_value: 5 }),
      201,
    );
  });

  it("a customer's own order: its conversation (comments) is theirs alone", async () => {
    const item = await api('POST', '/api/products', {
      body: { product: `Ordered ${uid()}`, price: '3.00', amount: 5, company_id: storeId },
    });
    const order = await api('POST', '/api/orders', {
      body: {
        user_id: customerId,
        payment_id: 1,
        shipping_id: 1,
        products: { 1: { product_id: item.json.product_id, amount: 1 } },
      },
    });
    expectStatus(order, 201);
    const path = `${SF}/sra_discussion?object_type=O&object_id=${order.json.order_id}`;
    const own = await api('GET', path, { auth: customerAuth });
    expectStatus(own, 200);
    expect(own.json).toMatchObject({ type: 'C', posts: [], object_type: 'O', object_id: order.json.order_id });
    const asked = await postReview(
      { auth: customerAuth },
      {
        object_type: 'O',
        object_id: order.json.order_id,
        name: 'Ada',
        message: 'When does it ship?',
      },
    );
    expectStatus(asked, 201);
    const { auth: other } = await signedInCustomer({ company_id: storeId });
    expectError(await api('GET', path, { auth: other }), 404);
    expectError(
      await postReview(
        { auth: other },
        { object_type: 'O', object_id: order.json.order_id, name: 'Eve', message: 'x' },
      ),
      404,
    );
    expectError(await api('GET', path, guest), 404);
  });

  it('hostile reviews: a clear 4xx and nothing posted', async () => {
    const path = `${SF}/sra_discussion?object_type=P&object_id=${productId}`;
    expectError(await api('GET', `${SF}/sra_discussion`, guest), 400, 'Bad Request: The object_type field is required');
    expectError(await api('GET', `${SF}/sra_discussion?object_type=Z&object_id=1`, guest), 400);
    expectError(await api('GET', `${SF}/sra_discussion?object_type=P`, guest), 400);
    expectError(await api('GET', `${SF}/sra_discussion?object_type=P&object_id=-1`, guest), 400);
    expectError(await api('GET', `${SF}/sra_discussion/5`, guest), 404);
    const before = await api('GET', `/api/discussions?object_type=P&object_id=${productId}&items_per_page=250`);
    const base = { object_type: 'P', object_id: productId, name: 'X', message: 'x', rating_value: 3 };
    for (const body of [
      { ...base, name: '' },
      { ...base, rating_value: 9 },
      { ...base, rating_value: 'five' },
      { ...base, message: '' },
      { ...base, name: 'n'.repeat(500) },
      { name: 'X', message: 'x', rating_value: 3 },
    ])
      expectError(await postReview(guest, body), 400);
    expectError(await postReview(guest, { thread_id: 999999999, name: 'X', message: 'x', rating_value: 3 }), 404);
    expectUnauthorized(await api('POST', `${SF}/sra_discussion`, { auth: null, body: base }));
    expectUnauthorized(await api('GET', path, { auth: null }));
    const after = await api('GET', `/api/discussions?object_type=P&object_id=${productId}&items_per_page=250`);
    expect(after.json.params.total_items).toBe(before.json.params.total_items);
  });
});
