/**
 * Batches and upsert (docs/api.md "Batches and upsert") over real HTTP: each item's result equals what its single
 * request answers, and nothing else changes; vendors reach only their company's objects; upsert by product_code;
 * 10 racing retries of one keyed batch have one effect; 413s; hostile bodies are a clear 4xx and change nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createStore, getOk } from '../support/catalog.js';
import { type ApiUser, createAdmin, createApiUser, expectError, expectStatus, uid } from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';

const batch = (entity: string, body: unknown, auth: Auth = 'admin', headers: Record<string, string> = {}) =>
  api('POST', `/api/2.0/${entity}/batch`, { body: body as object, auth, headers });

/** What the single request answers, as a batch result: its body plus its status (a 204: the status and the id). */
async function single(
  method: string,
  path: string,
  body: object | undefined,
  auth: Auth = 'admin',
  idField?: string,
  id?: string,
) {
  const response = await api(method, path, { body, auth });
  if (response.status === 204) return { status: 204, [idField!]: id };
  return response.status < 300 ? { status: response.status, ...response.json } : response.json;
}

const product = (id: number, auth: Auth = 'admin') => getOk(`/api/products/${id}`, auth);

let companyA: number;
let companyB: number;
let vendorA: ApiUser;

beforeAll(async () => {
  [companyA, companyB] = [await createStore(), await createStore()];
  vendorA = await createApiUser('V', ['--company', String(companyA)]);
});

describe('a batch answers per item what the single request answers', () => {
  it('products: mixed valid and invalid creates, updates and deletes; the invalid ones change nothing', async () => {
    const [kept, doomed] = [
      await createProduct({ company_id: companyA, price: 10, amount: 5 }),
      await createProduct({ company_id: companyA, price: 3 }),
    ];
    const invalid = {
      create: [{ product: 'No price' }, { product: 'Bad status', price: '1.00', status: 'X' }],
      update: [{ price: '1.00', amount: -1 }, { status: 'Q' }],
    };
    const response = await batch('products', {
      create: [{ product: `Batch ${uid()}`, price: '12.50', company_id: companyA }, ...invalid.create],
      update: [
        { product_id: kept, price: '7.25', amount: 9 },
        { product_id: 999_999_999, price: '1.00' },
        { product_id: kept, ...invalid.update[0] },
        { product_id: kept, ...invalid.update[1] },
        { product_id: 'abc', price: '1.00' },
      ],
      delete: [doomed, { product_id: 999_999_998 }],
    });
    expectStatus(response, 200);
    const { create, update, delete: deleted } = response.json;
    // The valid items did their work, with the single answers' types.
    expect(create[0]).toEqual({ status: 201, product_id: expect.any(Number) });
    expect(await product(create[0].product_id)).toMatchObject({ price: '12.50', company_id: String(companyA) });
    expect(update[0]).toEqual({ status: 200, product_id: kept });
    expect(deleted[0]).toEqual({ status: 204, product_id: String(doomed) });
    expectError(await api('GET', `/api/products/${doomed}`), 404);
    // Every other result is exactly what its single request answers now.
    expect(create[1]).toEqual(await single('POST', '/api/products', invalid.create[0]));
    expect(create[2]).toEqual(await single('POST', '/api/products', invalid.create[1]));
    expect(update[1]).toEqual(await single('PUT', '/api/products/999999999', { price: '1.00' }));
    expect(update[2]).toEqual(await single('PUT', `/api/products/${kept}`, invalid.update[0]));
    expect(update[3]).toEqual(await single('PUT', `/api/products/${kept}`, invalid.update[1]));
    expect(update[4]).toEqual(await single('PUT', '/api/products/abc', { price: '1.00' }));
    expect(deleted[1]).toEqual(await single('DELETE', '/api/products/999999998', undefined));
    for (const result of [create[1], create[2], update[1], update[2], update[3], update[4], deleted[1]])
      expect(result.status).toBeGreaterThanOrEqual(400);
    const after = await product(kept);
    expect([after.price, String(after.amount), after.status]).toEqual(['7.25', '9', 'A']);
  });

  it('taxes, usergroups and langvars (name ids): results equal the single requests', async () => {
    const tax = (await api('POST', '/api/taxes', { body: { tax: `VAT ${uid()}` } })).json.tax_id as number;
    const taxes = await batch('taxes', {
      create: [{ tax: `B ${uid()}` }, { status: 'A' }],
      update: [
        { tax_id: tax, priority: 4 },
        { tax_id: tax, status: 'Z' },
      ],
    });
    expectStatus(taxes, 200);
    expect(taxes.json.create[0]).toEqual({ status: 201, tax_id: expect.any(Number) });
    expect(taxes.json.create[1]).toEqual(await single('POST', '/api/taxes', { status: 'A' }));
    expect(taxes.json.update[0]).toEqual(await single('PUT', `/api/taxes/${tax}`, { priority: 4 }));
    expect(taxes.json.update[1]).toEqual(await single('PUT', `/api/taxes/${tax}`, { status: 'Z' }));
    expect((await getOk(`/api/taxes/${tax}`)).priority).toBe('4');

    const groups = await batch('usergroups', {
      create: [
        { type: 'C', status: 'A', usergroup: `G ${uid()}` },
        { type: 'Q', status: 'A' },
      ],
      delete: [1],
    });
    expectStatus(groups, 200);
    expect(groups.json.create[0]).toEqual({ status: 201, usergroup_id: expect.any(Number) });
    expect(groups.json.create[1]).toEqual(await single('POST', '/api/usergroups', { type: 'Q', status: 'A' }));
    expect(groups.json.delete[0]).toEqual(await single('DELETE', '/api/usergroups/1', undefined));

    const name = `batch_${uid()
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')}`;
    const langvars = await batch('langvars', {
      create: [{ name, value: 'One' }],
      update: [{ name: 'no_such_langvar_here', value: 'x' }],
    });
    expectStatus(langvars, 200);
    expect(langvars.json.create[0].status).toBe(201);
    expect(langvars.json.update[0]).toEqual(await single('PUT', '/api/langvars/no_such_langvar_here', { value: 'x' }));
  });

  it('a non-root administrator: the privilege and the escalation guard are judged per item as for single requests', async () => {
    const admin = await createAdmin(['manage_users', 'view_users']);
    const items = {
      create: [
        { email: `${uid()}@example.com`, user_type: 'C' },
        { email: `${uid()}@example.com`, user_type: 'A' },
      ],
    };
    const response = await batch('users', items, admin.auth);
    expectStatus(response, 200);
    expect(response.json.create[0]).toMatchObject({ status: 201, user_id: expect.any(Number) });
    expect(response.json.create[1]).toEqual(
      await single('POST', '/api/users', { ...items.create[1], email: `${uid()}@example.com` }, admin.auth),
    );
    expect(response.json.create[1].status).toBe(403);
    // Without the batch's common privilege, the whole batch is refused as a single write would be.
    const reader = await createAdmin(['view_catalog']);
    expectError(await batch('products', { create: [{ product: 'x', price: '1.00' }] }, reader.auth), 403);
  });
});

describe('vendors', () => {
  it("another company's products are a 404 per item and nothing changes; creates land in the vendor's company", async () => {
    const foreign = await createProduct({ company_id: companyB, price: 20, amount: 4 });
    const before = await product(foreign);
    const response = await batch(
      'products',
      {
        create: [{ product: `V ${uid()}`, price: '2.00', company_id: companyB }],
        update: [{ product_id: foreign, price: '0.01' }],
        delete: [foreign],
      },
      vendorA.auth,
    );
    expectStatus(response, 200);
    expect(response.json.update[0]).toEqual(
      await single('PUT', `/api/products/${foreign}`, { price: '0.01' }, vendorA.auth),
    );
    expect(response.json.update[0].status).toBe(404);
    expect(response.json.delete[0].status).toBe(404);
    expect(await product(foreign)).toEqual(before);
    expect((await product(response.json.create[0].product_id)).company_id).toBe(String(companyA));
  });
});

describe('upsert by product_code', () => {
  it('creates when no product of the company has the code, updates when one has, 409 when several or twice in a batch', async () => {
    const tag = uid();
    const codes = [`SKU-${tag}-1`, `SKU-${tag}-2`, `SKU-${tag}-3`];
    const first = await batch('products', {
      upsert: codes.map((code, i) => ({
        product_code: code,
        product: `P ${code}`,
        price: `${i + 1}.00`,
        amount: 5,
        company_id: companyA,
      })),
    });
    expectStatus(first, 200);
    expect(first.json.upsert.map((r: { status: number }) => r.status)).toEqual([201, 201, 201]);
    const ids = first.json.upsert.map((r: { product_id: number }) => r.product_id);
    const again = await batch('products', {
      upsert: codes.map((code) => ({ product_code: code, price: '9.99', amount: 1, company_id: companyA })),
    });
    expect(again.json.upsert).toEqual(ids.map((id: number) => ({ status: 200, product_id: id })));
    for (const id of ids) {
      const shown = await product(id);
      expect([shown.price, String(shown.amount)]).toEqual(['9.99', '1']);
    }
    // The same code in another company is another product.
    const other = await batch('products', {
      upsert: [{ product_code: codes[0], price: '1.00', company_id: companyB }],
    });
    expect(other.json.upsert[0].status).toBe(201);
    // Update items addressed by code; an unknown code is a 404 there.
    const byCode = await batch('products', {
      update: [
        { product_code: codes[1], company_id: companyA, amount: 42 },
        { product_code: `none-${tag}`, amount: 1 },
      ],
    });
    expect(byCode.json.update[0]).toEqual({ status: 200, product_id: ids[1] });
    expect(byCode.json.update[1].status).toBe(404);
    // Two products with one code: a 409 naming it, nothing changed.
    await createProduct({ company_id: companyA, product_code: codes[2], price: 1 });
    const twice = await batch('products', {
      upsert: [
        { product_code: codes[2], price: '5.00', company_id: companyA },
        { product_code: codes[0], price: '3.00', company_id: companyA },
        { product_code: codes[0], price: '4.00', company_id: companyA },
        { price: '1.00' },
      ],
    });
    expect(twice.json.upsert[0]).toMatchObject({ status: 409, message: expect.stringContaining(codes[2]!) });
    expect(twice.json.upsert[1]).toEqual({ status: 200, product_id: ids[0] });
    expect(twice.json.upsert[2]).toMatchObject({ status: 409, message: expect.stringContaining(codes[0]!) });
    expect(twice.json.upsert[3]).toMatchObject({ status: 400, errors: [{ field: 'product_code' }] });
    expect((await product(ids[2])).price).toBe('9.99');
    expect((await product(ids[0])).price).toBe('3.00');
  });

  it('codes differing only in case are one code: the second item addressing it in a batch is a 409', async () => {
    const code = `Case-${uid()}`;
    const created = await batch('products', {
      upsert: [{ product_code: code, product: `P ${code}`, price: '2.00', company_id: companyA }],
    });
    const id = created.json.upsert[0].product_id;
    const mixed = await batch('products', {
      upsert: [
        { product_code: code.toLowerCase(), price: '3.00', company_id: companyA },
        { product_code: code.toUpperCase(), price: '4.00', company_id: companyA },
      ],
    });
    expect(mixed.json.upsert[0]).toEqual({ status: 200, product_id: id });
    expect(mixed.json.upsert[1]).toMatchObject({ status: 409, message: expect.stringContaining(code.toUpperCase()) });
    expect((await product(id)).price).toBe('3.00');
  });

  it("a vendor's upsert looks in its own company only", async () => {
    const code = `VSKU-${uid()}`;
    const foreign = await createProduct({ company_id: companyB, product_code: code, price: 1 });
    const response = await batch(
      'products',
      { upsert: [{ product_code: code, price: '2.00', company_id: companyB }] },
      vendorA.auth,
    );
    expect(response.json.upsert[0].status).toBe(201);
    expect((await product(response.json.upsert[0].product_id)).company_id).toBe(String(companyA));
    expect((await product(foreign)).price).toBe('1.00');
  });
});

describe('retries', () => {
  it('10 racing retries of one keyed batch: one effect, one fresh answer; the others 409 or its replay', async () => {
    const tag = uid();
    const body = {
      create: Array.from({ length: 5 }, (_, i) => ({
        product: `Race ${tag}`,
        product_code: `RACE-${tag}-${i}`,
        price: '1.00',
        company_id: companyA,
      })),
    };
    const key = `batch-${tag}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => batch('products', body, 'admin', { 'Idempotency-Key': key })),
    );
    const fresh = answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer !== fresh[0]) expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) expect(answer.json).toEqual(fresh[0]!.json);
    }
    const replay = await batch('products', body, 'admin', { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(fresh[0]!.json);
    const found = await api('GET', `/api/products?pcode=RACE-${tag}&items_per_page=50`);
    expect(found.json.products).toHaveLength(5);
  });
});

describe('limits and hostile bodies: a clear 4xx and nothing changed', () => {
  it('more than 100 operations → 413 naming the limit; over 10 MB → 413', async () => {
    const tag = uid();
    const many = await batch('taxes', {
      create: Array.from({ length: 60 }, () => ({ tax: `Many ${tag}` })),
      delete: Array.from({ length: 41 }, (_, i) => 900_000 + i),
    });
    expectError(many, 413);
    expect(many.json.message).toContain('100');
    const huge = await api('POST', '/api/products/batch', {
      body: JSON.stringify({ create: [{ product: 'x'.repeat(10_500_000), price: '1.00' }] }),
      contentType: 'application/json',
    });
    expect(huge.status).toBe(413);
    expect(huge.json.status).toBe(413);
  });

  it.each([
    ['an item that is not an object', { create: [{ tax: 'ok' }, 'x'] }],
    ['a null item', { update: [null] }],
    ['a list that is not an array', { create: { tax: 'x' } }],
    ['an unknown list', { create: [{ tax: 'ok' }], updates: [] }],
    ['a delete item of the wrong type', { delete: [true] }],
    ['no item at all', { create: [] }],
  ])('%s → 400, nothing created', async (_name, body) => {
    const before = (await api('GET', '/api/taxes?items_per_page=1')).json.params.total_items;
    const response = await batch('taxes', body);
    expectError(response, 400);
    expect((await api('GET', '/api/taxes?items_per_page=1')).json.params.total_items).toBe(before);
  });

  it('upsert is for products only; other methods on the batch path are 405 with Allow: POST; a form body is a 400', async () => {
    expectError(await batch('taxes', { upsert: [{ tax: 'x' }] }), 400);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await api(method, '/api/products/batch', method === 'PUT' ? { body: { price: 1 } } : {});
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    expectError(
      await api('POST', '/api/products/batch', { body: 'create=x', contentType: 'application/x-www-form-urlencoded' }),
      400,
    );
  });
});
