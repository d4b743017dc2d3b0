/**
 * Store and vendor context (SPEC §10) over real HTTP, in the three path forms: `/stores/:id/<entity>[/…]`
 * and `/vendors/:id/<entity>[/…]` run the child entity in that company — lists of company-owned entities
 * show its objects only, another company's object is a 404 there, a POST creates in it whatever the body's
 * `company_id` says (`POST /stores/1/orders`), entities without a company answer as on their own path. The
 * company must exist; a vendor may use only its own company's context.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, createVia, getOk, idsOf } from '../support/catalog.js';
import {
  type ApiUser,
  createAdmin,
  createApiUser,
  createUser,
  expectError,
  expectForbidden,
  expectStatus,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api, PATH_FORMS } from '../support/http.js';

let companyA: number;
let companyB: number;
let vendorA: ApiUser;
let tag: string;
let categoriesA: number[];
let categoryB: number;
let productsA: number[];
let productB: number;
let customerId: number;
let paymentId: number;
let shippingId: number;

beforeAll(async () => {
  tag = uid();
  [companyA, companyB] = [await createStore(), await createStore()];
  vendorA = await createApiUser('V', ['--company', String(companyA)]);
  categoriesA = [await createCategory(companyA), await createCategory(companyA)];
  categoryB = await createCategory(companyB);
  productsA = [
    await createProduct({ product: `Ctx ${tag} A1`, company_id: companyA, category_ids: [categoriesA[0]], amount: 5 }),
    await createProduct({ product: `Ctx ${tag} A2`, company_id: companyA, category_ids: [categoriesA[1]], amount: 5 }),
  ];
  productB = await createProduct({
    product: `Ctx ${tag} B1`,
    company_id: companyB,
    category_ids: [categoryB],
    amount: 5,
  });
  customerId = await createUser({ user_type: 'C', email: uniqueEmail('buyer') });
  paymentId = await createVia('/api/payments', 'payment_id', { payment: `Pay ${uid()}` });
  shippingId = await createVia('/api/shippings', 'shipping_id', { shipping: `Ship ${uid()}`, base_rate: '2.00' });
});

describe('lists in a company’s context', () => {
  it.each([0, 1, 2])(
    'GET /stores/:id/products and /vendors/:id/products (path form %i): that company’s products only',
    async (form) => {
      const path = PATH_FORMS[form]!;
      for (const context of ['stores', 'vendors']) {
        const a = await api('GET', path(`${context}/${companyA}/products?q=Ctx%20${tag}`));
        expectStatus(a, 200);
        expect(idsOf(a.json, 'products', 'product_id')).toEqual(productsA);
        expect(a.json.params.total_items).toBe(2);
        const b = await api('GET', path(`${context}/${companyB}/products?q=Ctx%20${tag}`));
        expect(idsOf(b.json, 'products', 'product_id')).toEqual([productB]);
      }
      // Without a context, every company's.
      const all = await getOk(`/api/products?q=Ctx%20${tag}`);
      expect(idsOf(all, 'products', 'product_id')).toEqual([...productsA, productB]);
    },
  );

  it.each([0, 1, 2])('GET /stores/:id/categories (path form %i): that company’s categories only', async (form) => {
    const response = await api('GET', PATH_FORMS[form]!(`stores/${companyA}/categories?items_per_page=250`));
    expectStatus(response, 200);
    expect(idsOf(response.json, 'categories', 'category_id').sort((x, y) => x - y)).toEqual(categoriesA);
  });

  it('a nested list runs in the context too, and an entity without a company answers as on its own path', async () => {
    const nested = await getOk(`/api/stores/${companyA}/categories/${categoriesA[0]}/products`);
    expect(idsOf(nested, 'products', 'product_id')).toEqual([productsA[0]]);
    // Another company's category does not exist in this context.
    expectError(await api('GET', `/api/stores/${companyA}/categories/${categoryB}/products`), 404);
    const languages = await getOk(`/api/stores/${companyA}/languages`);
    expect(languages).toEqual(await getOk('/api/languages'));
  });
});

describe('objects in a company’s context', () => {
  it.each([0, 1, 2])(
    'GET, PUT, DELETE of another company’s object (path form %i) → 404, and nothing changes',
    async (form) => {
      const path = PATH_FORMS[form]!;
      const own = await api('GET', path(`stores/${companyA}/products/${productsA[0]}`));
      expectStatus(own, 200);
      expect(own.json).toEqual(await getOk(`/api/products/${productsA[0]}`));
      expectError(await api('GET', path(`stores/${companyA}/products/${productB}`)), 404);
      expectError(await api('PUT', path(`stores/${companyA}/products/${productB}`), { body: { price: 1 } }), 404);
      expectError(await api('DELETE', path(`vendors/${companyA}/products/${productB}`)), 404);
      expect((await getOk(`/api/products/${productB}`)).price).toBe('10.00');
    },
  );

  it('POST creates in the context’s company whatever the body says; a PUT cannot move an object out of it', async () => {
    const product = await createVia(`/api/stores/${companyA}/products`, 'product_id', {
      product: `Ctx ${uid()}`,
      price: 3,
      company_id: companyB,
    });
    expect(Number((await getOk(`/api/products/${product}`)).company_id)).toBe(companyA);
    // A category needs a store: the context is one (CS-Cart's "plus a store (company_id / store path)").
    const category = await createVia(`/api/2.0/stores/${companyA}/categories`, 'category_id', {
      category: `Ctx ${uid()}`,
    });
    expect(Number((await getOk(`/api/categories/${category}`)).company_id)).toBe(companyA);
    expectStatus(
      await api('PUT', `/api/stores/${companyA}/products/${product}`, { body: { company_id: companyB, price: 4 } }),
      200,
    );
    const after = await getOk(`/api/products/${product}`);
    expect([Number(after.company_id), after.price]).toEqual([companyA, '4.00']);
  });

  it('POST /stores/:id/orders places the order in that company, whatever the body’s company_id; another company’s product is refused', async () => {
    const body = {
      user_id: customerId,
      payment_id: paymentId,
      shipping_id: shippingId,
      company_id: companyB,
      products: { 1: { product_id: productsA[0], amount: 1 } },
    };
    const placed = await api('POST', `/api/stores/${companyA}/orders`, { body });
    expectStatus(placed, 201);
    const order = await getOk(`/api/orders/${placed.json.order_id}`);
    expect(Number(order.company_id)).toBe(companyA);
    const viaPhp = await api('POST', `/api.php?_d=stores/${companyA}/orders&ajax_custom=1`, { body });
    expectStatus(viaPhp, 201);
    // A product created without company_id belongs to the first store (never to company 0), so no product is
    // "of no company" any more; two products of the context's company make one order.
    const both = await api('POST', `/api/stores/${companyA}/orders`, {
      body: {
        ...body,
        products: { 1: { product_id: productsA[0], amount: 1 }, 2: { product_id: productsA[1], amount: 1 } },
      },
    });
    expectStatus(both, 201);
    expect(Number((await getOk(`/api/orders/${both.json.order_id}`)).company_id)).toBe(companyA);
    const wrong = { ...body, products: { 1: { product_id: productB, amount: 1 } } };
    expectError(
      await api('POST', `/api/stores/${companyA}/orders`, { body: wrong }),
      400,
      `Bad Request: The products field names product ${productB}, which does not exist`,
    );
    // The company's orders list shows the order; the other company's does not.
    const listed = await getOk(`/api/stores/${companyA}/orders?items_per_page=250`);
    expect(idsOf(listed, 'orders', 'order_id')).toContain(placed.json.order_id);
    const other = await getOk(`/api/stores/${companyB}/orders?items_per_page=250`);
    expect(idsOf(other, 'orders', 'order_id')).not.toContain(placed.json.order_id);
  });
});

describe('who may use a context', () => {
  it('an unknown or non-numeric company → 404, after the body is judged', async () => {
    for (const form of PATH_FORMS) {
      expectError(await api('GET', form('stores/99999999/products')), 404);
      expectError(await api('GET', form('vendors/x/products')), 404);
    }
    expectError(
      await api('POST', '/api/stores/99999999/products', { body: '{"price":', contentType: 'application/json' }),
      400,
    );
    expectError(await api('POST', '/api/stores/99999999/products', { body: { product: 'x', price: 1 } }), 404);
    // A child the API does not know is the usual unknown entity.
    expectError(await api('GET', `/api/stores/${companyA}/nothing`), 404, 'Not Found: The Entity nothing not found');
  });

  it('a vendor uses its own company’s context only; another company’s is a 404 to it', async () => {
    const own = await api('GET', `/api/vendors/${companyA}/products?q=Ctx%20${tag}`, { auth: vendorA.auth });
    expectStatus(own, 200);
    expect(idsOf(own.json, 'products', 'product_id')).toEqual(productsA);
    for (const path of [
      `vendors/${companyB}/products`,
      `stores/${companyB}/products`,
      `vendors/${companyB}/products/${productB}`,
      `vendors/99999999/products`,
    ]) {
      expectError(await api('GET', `/api/${path}`, { auth: vendorA.auth }), 404);
    }
    expectError(
      await api('POST', `/api/vendors/${companyB}/products`, { auth: vendorA.auth, body: { product: 'x', price: 1 } }),
      404,
    );
    // What a vendor may not use at all stays a 403 in its own context too.
    expectForbidden(await api('GET', `/api/vendors/${companyA}/pages`, { auth: vendorA.auth }));
  });

  it('an administrator needs to be allowed to read the company as well as the child entity', async () => {
    const catalogOnly = await createAdmin(['view_catalog']);
    expectForbidden(await api('GET', `/api/stores/${companyA}/products`, { auth: catalogOnly.auth }));
    const both = await createAdmin(['view_catalog', 'view_stores']);
    const response = await api('GET', `/api/stores/${companyA}/products?q=Ctx%20${tag}`, { auth: both.auth });
    expectStatus(response, 200);
    expect(idsOf(response.json, 'products', 'product_id')).toEqual(productsA);
  });
});
