/**
 * Stores and vendors (SPEC §10; cscart-entities.md "stores", "vendors") over real HTTP, as the bootstrap root:
 * one company id space under two views, every recorded field in its recorded JSON type, the answers,
 * validation, paging, filters and sorts, and no delete that would orphan products.
 */
import { describe, expect, it } from 'vitest';
import {
  createProduct,
  createStore,
  createVia,
  expectShape,
  type FieldTable,
  getOk,
  idsOf,
} from '../support/catalog.js';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

/** cscart-entities.md "stores" field table (#65 list, #66 single); vendors have the same shape (#81, #82). */
const COMPANY_FIELDS: FieldTable = {
  company_id: ['str(int)', 'str(int)'],
  status: ['str', 'str'],
  company: ['str', 'str'],
  lang_code: ['str', 'str'],
  address: ['—', 'str'],
  city: ['—', 'str'],
  state: ['—', 'str'],
  country: ['—', 'str'],
  zipcode: ['—', 'str(int)'],
  email: ['str', 'str'],
  phone: ['—', 'str'],
  url: ['—', 'str'],
  storefront: ['str', 'str'],
  secure_storefront: ['str', 'str'],
  entry_page: ['—', 'str'],
  redirect_customer: ['—', 'str'],
  countries_list: ['—', 'array(empty)'],
  timestamp: ['str(int)', 'str(int)'],
  shippings: ['—', 'str(int)'],
  logos: ['—', 'str'],
  request_user_id: ['—', 'str(int)'],
  request_account_name: ['—', 'str'],
  request_account_data: ['—', 'null'],
  average_rating: ['null', 'null'],
  company_thread_ids: ['str', 'str'],
  shippings_ids: ['—', 'array<str(int)>'],
  discussion: ['object', 'object'],
};

interface View {
  path: 'stores' | 'vendors';
  /** The keys of the POST answer besides the id key (the recording's `"message": ""` of POST /vendors). */
  createAnswer: (id: number) => Record<string, unknown>;
  updateAnswer: (id: number) => Record<string, unknown>;
  /** The recording's required fields, in check order. */
  required: readonly string[];
  /** A body with every required field. */
  body: (tag: string) => Record<string, unknown>;
}

const VIEWS: View[] = [
  {
    path: 'stores',
    createAnswer: (id) => ({ store_id: id }),
    updateAnswer: (id) => ({ store_id: String(id) }),
    required: ['company', 'storefront'],
    body: (tag) => ({ company: `Company ${tag}`, storefront: `shop-${tag}.example.com` }),
  },
  {
    path: 'vendors',
    createAnswer: (id) => ({ company_id: id, message: '' }),
    updateAnswer: (id) => ({ store_id: String(id) }),
    required: ['company', 'email'],
    body: (tag) => ({ company: `Company ${tag}`, email: `vendor-${tag}@e2e.example.com` }),
  },
];

const idKey = (view: View) => Object.keys(view.createAnswer(0)).find((key) => key !== 'message')!;

describe.each(VIEWS)('/$path', (view) => {
  const base = `/api/${view.path}`;
  const create = (body: object) => createVia(base, idKey(view), body);

  it('POST → 201 with exactly the recorded answer keys and an integer id; GET shows every recorded field in its type', async () => {
    const tag = uid();
    const body = {
      company: `Company ${tag}`,
      ...view.body(tag),
      storefront: `full-${tag}.example.com`,
      secure_storefront: `secure-${tag}.example.com`,
      email: `full-${tag}@e2e.example.com`,
      status: 'A',
      lang_code: 'en',
      address: '1 Boston street',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      zipcode: '02125',
      phone: '+16175556985',
      url: 'http://example.com',
      entry_page: 'none',
      redirect_customer: 'N',
    };
    const response = await api('POST', base, { body });
    expectStatus(response, 201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const id = response.json[idKey(view)];
    expect(Number.isInteger(id)).toBe(true);
    expect(response.json).toEqual(view.createAnswer(id));

    const single = await getOk(`${base}/${id}`);
    expectShape(single, COMPANY_FIELDS, 'single');
    expect(single).toMatchObject({
      company_id: String(id),
      company: body.company,
      storefront: body.storefront,
      secure_storefront: body.secure_storefront,
      email: body.email,
      status: 'A',
      address: '1 Boston street',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      zipcode: '02125',
      phone: '+16175556985',
      url: 'http://example.com',
      redirect_customer: 'N',
    });
    const now = Math.floor(Date.now() / 1000);
    expect(Math.abs(Number(single.timestamp) - now)).toBeLessThan(120);

    const list = await getOk(`${base}?company=${encodeURIComponent(body.company)}`);
    expect(idsOf(list, view.path, 'company_id')).toEqual([id]);
    expectShape(list[view.path][0], COMPANY_FIELDS, 'list');
    expect(list[view.path][0]).toMatchObject({
      company_id: String(id),
      company: body.company,
      email: body.email,
      storefront: body.storefront,
    });
  });

  it('a minimal POST shows every recorded field too, defaults in the recorded JSON types', async () => {
    const id = await create(view.body(uid()));
    const single = await getOk(`${base}/${id}`);
    expectShape(single, COMPANY_FIELDS, 'single');
    expect(single.status).toBe('A');
  });

  it('PUT → 200 with the recorded answer; only the fields sent change', async () => {
    const tag = uid();
    const id = await create(view.body(tag));
    const before = await getOk(`${base}/${id}`);
    const response = await api('PUT', `${base}/${id}`, {
      body: { company: `Renamed ${tag}`, city: 'Paris', status: 'D' },
    });
    expectStatus(response, 200);
    expect(response.json).toEqual(view.updateAnswer(id));
    const after = await getOk(`${base}/${id}`);
    expect(after).toEqual({ ...before, company: `Renamed ${tag}`, city: 'Paris', status: 'D' });
  });

  it('DELETE → 204 with an empty body; then GET, PUT and DELETE → 404', async () => {
    const id = await create(view.body(uid()));
    const response = await api('DELETE', `${base}/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `${base}/${id}`), 404);
    expectError(await api('PUT', `${base}/${id}`, { body: { company: 'x' } }), 404);
    expectError(await api('DELETE', `${base}/${id}`), 404);
  });

  it('unknown and non-numeric ids → 404 for GET, PUT and DELETE', async () => {
    for (const id of ['999999999', 'abc', '12abc', '0', '-3', '1.5']) {
      expectError(await api('GET', `${base}/${id}`), 404);
      expectError(await api('PUT', `${base}/${id}`, { body: { company: 'x' } }), 404);
      expectError(await api('DELETE', `${base}/${id}`), 404);
    }
  });

  it('required fields in the recorded check order, every missing one in errors', async () => {
    const [first, second] = view.required;
    const none = await api('POST', base, { body: { phone: '+1' } });
    expectError(none, 400, `Bad Request: The ${first} field is required`);
    expect(none.json.errors).toEqual(
      view.required.map((field) => ({ field, message: `The ${field} field is required` })),
    );

    const onlySecond = await api('POST', base, { body: { [second!]: view.body('x')[second!] } });
    expectError(onlySecond, 400, `Bad Request: The ${first} field is required`);
    expect(onlySecond.json.errors).toEqual([{ field: first, message: `The ${first} field is required` }]);

    const onlyFirst = await api('POST', base, { body: { [first!]: 'Only a name' } });
    expectError(onlyFirst, 400, `Bad Request: The ${second} field is required`);
    expect(onlyFirst.json.errors).toEqual([{ field: second, message: `The ${second} field is required` }]);

    // Blank is missing.
    const blank = await api('POST', base, { body: { ...view.body(uid()), company: '  ' } });
    expectError(blank, 400, 'Bad Request: The company field is required');

    expectError(await api('POST', base, { body: {} }), 400, 'Bad Request: Missing parameters');
  });

  it('values outside the allowed ones → 400 naming the field, nothing written', async () => {
    const tag = uid();
    for (const [field, value] of [
      ['status', 'X'],
      ['status', 'a'],
      ['email', 'not-an-address'],
      ['redirect_customer', 'maybe'],
      ['company', { nested: true }],
      ['company', 'x'.repeat(256)],
    ] as const) {
      const response = await api('POST', base, { body: { ...view.body(tag), [field]: value } });
      expectError(response, 400);
      expect(
        response.json.errors?.map((e: { field: string }) => e.field),
        JSON.stringify(value),
      ).toEqual([field]);
    }
    expect((await getOk(`${base}?company=${tag}`))[view.path]).toEqual([]);

    const id = await create(view.body(uid()));
    const response = await api('PUT', `${base}/${id}`, { body: { status: 'Z' } });
    expectError(response, 400);
    expect(response.json.errors).toEqual([{ field: 'status', message: expect.stringContaining('status') }]);
    expect((await getOk(`${base}/${id}`)).status).toBe('A');
  });

  it('unknown keys and read-only fields in a body are ignored', async () => {
    const tag = uid();
    const response = await api('POST', base, {
      body: {
        ...view.body(tag),
        company_id: 1,
        store_id: 1,
        timestamp: 12345,
        average_rating: 5,
        request_user_id: 7,
        shippings_ids: ['9'],
        discussion: { posts_count: 9 },
        favourite_colour: 'blue',
      },
    });
    expectStatus(response, 201);
    const id = response.json[idKey(view)];
    expect(id).not.toBe(1);
    const single = await getOk(`${base}/${id}`);
    expect(single.company_id).toBe(String(id));
    expect(Number(single.timestamp)).toBeGreaterThan(12345);
    expect(single.average_rating).toBeNull();
    expect(single.request_user_id).toBe('0');
    expect(single.shippings_ids).toEqual([]);
    expect(single).not.toHaveProperty('favourite_colour');
    expect(single).not.toHaveProperty('store_id');

    const put = await api('PUT', `${base}/${id}`, {
      body: { company_id: 1, timestamp: 5, favourite_colour: 'red', city: 'Rome' },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual(view.updateAnswer(id));
    const after = await getOk(`${base}/${id}`);
    expect(after).toEqual({ ...single, city: 'Rome' });
    // Only unknown or read-only keys: nothing to change.
    expectError(
      await api('PUT', `${base}/${id}`, { body: { company_id: 3, favourite_colour: 'red' } }),
      400,
      'Bad Request: Missing parameters',
    );
  });

  it('paging: total_items an integer under params and search, id ascending by default, an empty page past the end', async () => {
    const tag = uid();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await create({ ...view.body(`${tag}-${i}`), company: `Paged ${tag} ${i}` }));
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = await getOk(`${base}?company=${tag}&items_per_page=2&page=${page}`);
      for (const key of ['params', 'search']) {
        expect(body[key]).toMatchObject({ page, items_per_page: 2, total_items: 3 });
        expect(Number.isInteger(body[key].total_items)).toBe(true);
      }
      pages.push(idsOf(body, view.path, 'company_id'));
    }
    expect(pages).toEqual([ids.slice(0, 2), ids.slice(2), []]);
    // Default page size 10; page below 1 means 1.
    const all = await getOk(`${base}?company=${tag}&page=0`);
    expect(all.params).toMatchObject({ page: 1, items_per_page: 10, total_items: 3 });
    expect(idsOf(all, view.path, 'company_id')).toEqual(ids);
    for (const bad of ['abc', '0', '251', '-1', '2.5']) {
      expectError(await api('GET', `${base}?items_per_page=${bad}`), 400);
    }
  });

  it('sorts by company, email, date, status and id, both ways; unknown sort falls back to id ascending', async () => {
    const tag = uid();
    const ids = [
      await create({
        ...view.body(`${tag}a`),
        company: `Sorted ${tag} b`,
        email: `c-${tag}@e2e.example.com`,
        status: 'D',
      }),
      await create({
        ...view.body(`${tag}b`),
        company: `Sorted ${tag} c`,
        email: `a-${tag}@e2e.example.com`,
        status: 'A',
      }),
      await create({
        ...view.body(`${tag}c`),
        company: `Sorted ${tag} a`,
        email: `b-${tag}@e2e.example.com`,
        status: 'P',
      }),
    ];
    const order = async (sort: string, dir: string) =>
      idsOf(await getOk(`${base}?company=${tag}&sort_by=${sort}&sort_order=${dir}`), view.path, 'company_id');
    expect(await order('company', 'asc')).toEqual([ids[2], ids[0], ids[1]]);
    expect(await order('company', 'desc')).toEqual([ids[1], ids[0], ids[2]]);
    expect(await order('email', 'asc')).toEqual([ids[1], ids[2], ids[0]]);
    expect(await order('email', 'desc')).toEqual([ids[0], ids[2], ids[1]]);
    expect(await order('status', 'asc')).toEqual([ids[1], ids[0], ids[2]]);
    expect(await order('status', 'desc')).toEqual([ids[2], ids[0], ids[1]]);
    expect(await order('id', 'desc')).toEqual([...ids].reverse());
    expect(await order('nonsense', 'sideways')).toEqual(ids);
    // date: creation time, ties by id.
    expect(await order('date', 'asc')).toEqual(ids);
  });

  it('filters by status (400 outside the allowed values), company and email', async () => {
    const tag = uid();
    const active = await create({
      ...view.body(`${tag}1`),
      company: `Filter ${tag} one`,
      email: `one-${tag}@e2e.example.com`,
    });
    const disabled = await create({
      ...view.body(`${tag}2`),
      company: `Filter ${tag} two`,
      email: `two-${tag}@e2e.example.com`,
      status: 'D',
    });
    expect(idsOf(await getOk(`${base}?company=${tag}&status=D`), view.path, 'company_id')).toEqual([disabled]);
    expect(idsOf(await getOk(`${base}?company=${tag}&status=A`), view.path, 'company_id')).toEqual([active]);
    expect(idsOf(await getOk(`${base}?email=one-${tag}`), view.path, 'company_id')).toEqual([active]);
    expect(idsOf(await getOk(`${base}?company=FILTER%20${tag.toUpperCase()}%20TWO`), view.path, 'company_id')).toEqual([
      disabled,
    ]);
    const bad = await api('GET', `${base}?status=X`);
    expectError(bad, 400);
    expect(bad.json.errors.map((e: { field: string }) => e.field)).toEqual(['status']);
  });
});

describe('stores and vendors are one company id space', () => {
  it('a company created through /vendors is the same object under /stores, and the other way round', async () => {
    const tag = uid();
    const vendorId = await createVia('/api/vendors', 'company_id', {
      company: `Vendor ${tag}`,
      email: `v-${tag}@e2e.example.com`,
    });
    const storeId = await createStore({ company: `Store ${tag}` });
    expect(storeId).not.toBe(vendorId);

    const viaStores = await getOk(`/api/stores/${vendorId}`);
    const viaVendors = await getOk(`/api/vendors/${vendorId}`);
    expect(viaStores).toEqual(viaVendors);
    expect(viaStores.company).toBe(`Vendor ${tag}`);
    expect(await getOk(`/api/vendors/${storeId}`)).toEqual(await getOk(`/api/stores/${storeId}`));

    // Listed under both views; changed through one, seen through the other.
    expect(idsOf(await getOk(`/api/stores?company=${tag}`), 'stores', 'company_id')).toEqual([vendorId, storeId]);
    expect(idsOf(await getOk(`/api/vendors?company=${tag}`), 'vendors', 'company_id')).toEqual([vendorId, storeId]);
    expectStatus(await api('PUT', `/api/stores/${vendorId}`, { body: { city: 'Lyon' } }), 200);
    expect((await getOk(`/api/vendors/${vendorId}`)).city).toBe('Lyon');
    expectStatus(await api('DELETE', `/api/vendors/${storeId}`), 204);
    expectError(await api('GET', `/api/stores/${storeId}`), 404);
  });

  it('ids are never reused: a company created after a delete gets a higher id', async () => {
    const first = await createStore();
    expectStatus(await api('DELETE', `/api/stores/${first}`), 204);
    const second = await createVia('/api/vendors', 'company_id', {
      company: `After ${uid()}`,
      email: `after-${uid()}@e2e.example.com`,
    });
    expect(second).toBeGreaterThan(first);
  });

  it('deleting a company that owns products → 400 naming why; it stays until its products are gone', async () => {
    for (const path of ['stores', 'vendors']) {
      const companyId = await createStore();
      const productId = await createProduct({ company_id: companyId });
      const refused = await api('DELETE', `/api/${path}/${companyId}`);
      expectError(refused, 400);
      expect(refused.json.message).toMatch(/^Bad Request: .*products/);
      expect((await getOk(`/api/${path}/${companyId}`)).company_id).toBe(String(companyId));
      expect((await getOk(`/api/products/${productId}`)).company_id).toBe(String(companyId));

      // A product created without category_ids went into the company's default category (made for it): it goes too.
      const defaultCategory = Number((await getOk(`/api/products/${productId}`)).category_ids[0]);
      expectStatus(await api('DELETE', `/api/products/${productId}`), 204);
      expectStatus(await api('DELETE', `/api/categories/${defaultCategory}`), 204);
      expectStatus(await api('DELETE', `/api/${path}/${companyId}`), 204);
      expectError(await api('GET', `/api/${path}/${companyId}`), 404);
    }
  });
});

describe('privileges: stores need view_stores / manage_stores, vendors view_vendors / manage_vendors', () => {
  it('an administrator with view_stores reads stores, writes none, and may not touch /vendors', async () => {
    const admin = await createAdmin(['view_stores']);
    const id = await createStore();
    expectStatus(await api('GET', '/api/stores', { auth: admin.auth }), 200);
    expectStatus(await api('GET', `/api/stores/${id}`, { auth: admin.auth }), 200);
    expectForbidden(
      await api('POST', '/api/stores', { auth: admin.auth, body: { company: 'x', storefront: 'x.example.com' } }),
    );
    expectForbidden(await api('PUT', `/api/stores/${id}`, { auth: admin.auth, body: { company: 'x' } }));
    expectForbidden(await api('DELETE', `/api/stores/${id}`, { auth: admin.auth }));
    expectForbidden(await api('GET', '/api/vendors', { auth: admin.auth }));
    expectForbidden(await api('GET', `/api/vendors/${id}`, { auth: admin.auth }));
    expectStatus(await api('GET', `/api/stores/${id}`), 200);
  });

  it('an administrator with view_vendors and manage_vendors manages /vendors but not /stores', async () => {
    const admin = await createAdmin(['view_vendors', 'manage_vendors']);
    const id = await createVia(
      '/api/vendors',
      'company_id',
      { company: `Managed ${uid()}`, email: `m-${uid()}@e2e.example.com` },
      admin.auth,
    );
    expectStatus(await api('PUT', `/api/vendors/${id}`, { auth: admin.auth, body: { city: 'Oslo' } }), 200);
    expectForbidden(await api('GET', `/api/stores/${id}`, { auth: admin.auth }));
    expectForbidden(await api('PUT', `/api/stores/${id}`, { auth: admin.auth, body: { city: 'x' } }));
    expectStatus(await api('DELETE', `/api/vendors/${id}`, { auth: admin.auth }), 204);
  });
});
