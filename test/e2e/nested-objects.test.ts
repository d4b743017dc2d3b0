/**
 * Child objects through their parent (SPEC §10 "Nested paths") over real HTTP, in the three path forms:
 * `/categories/:id/products/:product_id`, `/products/:id/discussions/:post_id` and
 * `/products/:id/features/:feature_id` answer GET, PUT and DELETE exactly as the child's own path does,
 * once the parent exists and the caller may read it (else 404 / 403) and the child belongs to the parent
 * (else 404, and nothing changes).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createFeature, createProduct, createStore, createVia, getOk } from '../support/catalog.js';
import {
  type ApiUser,
  createAdmin,
  createApiUser,
  expectError,
  expectForbidden,
  expectStatus,
  uid,
} from '../support/fixtures.js';
import { api, PATH_FORMS } from '../support/http.js';

let companyA: number;
let companyB: number;
let vendorA: ApiUser;
let category: number;
let subcategory: number;
let otherCategory: number;
let feature: number;
let otherFeature: number;
let variant: string;
/** In `category`, company A. */
let inCategory: number;
/** In `subcategory` only, company A. */
let inSubcategory: number;
/** In `otherCategory` only, company A. */
let elsewhere: number;
/** In `category`, company B. */
let ofCompanyB: number;

const post = (productId: number) =>
  createVia(`/api/products/${productId}/discussions`, 'post_id', { name: `Ann ${uid()}`, message: 'Fine' });

beforeAll(async () => {
  [companyA, companyB] = [await createStore(), await createStore()];
  vendorA = await createApiUser('V', ['--company', String(companyA)]);
  category = await createCategory(companyA);
  subcategory = await createCategory(companyA, { parent_id: category });
  otherCategory = await createCategory(companyA);
  feature = await createFeature(companyA, { variants: [{ variant: 'Red' }] });
  otherFeature = await createFeature(companyA);
  variant = Object.keys((await getOk(`/api/features/${feature}`)).variants)[0]!;
  inCategory = await createProduct({
    company_id: companyA,
    category_ids: [category],
    product_features: { [feature]: variant },
  });
  inSubcategory = await createProduct({ company_id: companyA, category_ids: [subcategory] });
  elsewhere = await createProduct({ company_id: companyA, category_ids: [otherCategory] });
  ofCompanyB = await createProduct({ company_id: companyB, category_ids: [category] });
});

describe('/categories/:id/products/:product_id', () => {
  it.each([0, 1, 2])(
    'GET (path form %i) answers the product as /products/:id does, for its own and its subcategories’ products',
    async (form) => {
      const path = PATH_FORMS[form]!;
      for (const product of [inCategory, inSubcategory]) {
        const nested = await api('GET', path(`categories/${category}/products/${product}`));
        expectStatus(nested, 200);
        expect(nested.json).toEqual(await getOk(`/api/products/${product}`));
      }
    },
  );

  it.each([0, 1, 2])(
    'GET (path form %i): a product of another category, an unknown category or product, a non-numeric id → 404',
    async (form) => {
      const path = PATH_FORMS[form]!;
      expectError(await api('GET', path(`categories/${category}/products/${elsewhere}`)), 404);
      expectError(await api('GET', path(`categories/${subcategory}/products/${inCategory}`)), 404);
      expectError(await api('GET', path(`categories/99999999/products/${inCategory}`)), 404);
      expectError(await api('GET', path(`categories/${category}/products/99999999`)), 404);
      expectError(await api('GET', path(`categories/x/products/${inCategory}`)), 404);
      expectError(await api('GET', path(`categories/${category}/products/x`)), 404);
    },
  );

  it('PUT updates the product as /products/:id does; through the wrong category it is a 404 and nothing changes', async () => {
    const product = await createProduct({ company_id: companyA, category_ids: [category], price: 10 });
    const updated = await api('PUT', `/api/categories/${category}/products/${product}`, { body: { price: 12.5 } });
    expectStatus(updated, 200);
    expect(Number(updated.json.product_id)).toBe(product);
    expect((await getOk(`/api/products/${product}`)).price).toBe('12.50');

    expectError(await api('PUT', `/api/categories/${otherCategory}/products/${product}`, { body: { price: 99 } }), 404);
    expect((await getOk(`/api/products/${product}`)).price).toBe('12.50');
    // The body is judged after the objects of the path exist: an empty one through a real pair is the usual 400.
    expectError(await api('PUT', `/api/categories/${category}/products/${product}`, { body: {} }), 400);
  });

  it('DELETE deletes the product as /products/:id does; through the wrong category it is a 404 and the product stays', async () => {
    const product = await createProduct({ company_id: companyA, category_ids: [category] });
    expectError(await api('DELETE', `/api/categories/${otherCategory}/products/${product}`), 404);
    await getOk(`/api/products/${product}`);
    expectStatus(await api('DELETE', `/api/2.0/categories/${category}/products/${product}`), 204);
    expectError(await api('GET', `/api/products/${product}`), 404);
    expectError(await api('DELETE', `/api/categories/${category}/products/${product}`), 404);
  });

  it('POST on a child object is the usual 405; a vendor reads and writes its own company’s products through any category, and no other company’s', async () => {
    expectError(
      await api('POST', `/api/categories/${category}/products/${inCategory}`, { body: { price: 1 } }),
      405,
      'Method Not Allowed: ID must not be defined',
    );
    const own = await api('GET', `/api/categories/${category}/products/${inCategory}`, { auth: vendorA.auth });
    expectStatus(own, 200);
    expectError(await api('GET', `/api/categories/${category}/products/${ofCompanyB}`, { auth: vendorA.auth }), 404);
    expectError(
      await api('PUT', `/api/categories/${category}/products/${ofCompanyB}`, {
        auth: vendorA.auth,
        body: { price: 1 },
      }),
      404,
    );
    expectError(await api('DELETE', `/api/categories/${category}/products/${ofCompanyB}`, { auth: vendorA.auth }), 404);
    await getOk(`/api/products/${ofCompanyB}`);
    const mine = await createProduct({ company_id: companyA, category_ids: [category], price: 3 });
    expectStatus(
      await api('PUT', `/api/categories/${category}/products/${mine}`, { auth: vendorA.auth, body: { price: 4 } }),
      200,
    );
    expect((await getOk(`/api/products/${mine}`)).price).toBe('4.00');
  });

  it('needs the privileges of both: reading the category (view_catalog) and the product operation', async () => {
    const reader = await createAdmin(['view_catalog']);
    expectStatus(await api('GET', `/api/categories/${category}/products/${inCategory}`, { auth: reader.auth }), 200);
    expectForbidden(
      await api('PUT', `/api/categories/${category}/products/${inCategory}`, { auth: reader.auth, body: { price: 1 } }),
    );
    const nobody = await createAdmin(['view_users']);
    // 403 whatever the ids: nobody learns whether the objects exist without the right to read them.
    expectForbidden(await api('GET', `/api/categories/99999999/products/${inCategory}`, { auth: nobody.auth }));
  });
});

describe('/products/:id/discussions/:post_id', () => {
  it.each([0, 1, 2])(
    'GET (path form %i) answers the post as /discussions/:id does; another product’s post → 404',
    async (form) => {
      const path = PATH_FORMS[form]!;
      const mine = await post(inCategory);
      const theirs = await post(elsewhere);
      const nested = await api('GET', path(`products/${inCategory}/discussions/${mine}`));
      expectStatus(nested, 200);
      expect(nested.json).toEqual(await getOk(`/api/discussions/${mine}`));
      expectError(await api('GET', path(`products/${inCategory}/discussions/${theirs}`)), 404);
      expectError(await api('GET', path(`products/99999999/discussions/${mine}`)), 404);
      expectError(await api('GET', path(`products/${inCategory}/discussions/99999999`)), 404);
    },
  );

  it('PUT and DELETE act on the post only through its own product', async () => {
    const mine = await post(inCategory);
    expectError(
      await api('PUT', `/api/products/${elsewhere}/discussions/${mine}`, { body: { message: 'Hijacked' } }),
      404,
    );
    expect((await getOk(`/api/discussions/${mine}`)).message).toBe('Fine');
    const updated = await api('PUT', `/api/products/${inCategory}/discussions/${mine}`, {
      body: { message: 'Better' },
    });
    expectStatus(updated, 200);
    expect(Number(updated.json.post_id)).toBe(mine);
    expect((await getOk(`/api/discussions/${mine}`)).message).toBe('Better');

    expectError(await api('DELETE', `/api/products/${elsewhere}/discussions/${mine}`), 404);
    await getOk(`/api/discussions/${mine}`);
    expectStatus(await api('DELETE', `/api.php?_d=products/${inCategory}/discussions/${mine}&ajax_custom=1`), 204);
    expectError(await api('GET', `/api/discussions/${mine}`), 404);
  });

  it('a caller who may read posts but not the product (view_catalog) is refused: 403, before any id is looked at', async () => {
    const mine = await post(inCategory);
    const postsOnly = await createAdmin(['view_discussions']);
    expectForbidden(await api('GET', `/api/products/${inCategory}/discussions/${mine}`, { auth: postsOnly.auth }));
    expectStatus(await api('GET', `/api/discussions/${mine}`, { auth: postsOnly.auth }), 200);
    const both = await createAdmin(['view_discussions', 'view_catalog']);
    expectStatus(await api('GET', `/api/products/${inCategory}/discussions/${mine}`, { auth: both.auth }), 200);
    // Vendors may not use discussions at all.
    expectForbidden(await api('GET', `/api/products/${inCategory}/discussions/${mine}`, { auth: vendorA.auth }));
  });
});

describe('/products/:id/features/:feature_id', () => {
  it.each([0, 1, 2])(
    'GET (path form %i) answers the feature as /features/:id does, when the product has a value for it',
    async (form) => {
      const path = PATH_FORMS[form]!;
      const nested = await api('GET', path(`products/${inCategory}/features/${feature}`));
      expectStatus(nested, 200);
      expect(nested.json).toEqual(await getOk(`/api/features/${feature}`));
      expectError(await api('GET', path(`products/${inCategory}/features/${otherFeature}`)), 404);
      expectError(await api('GET', path(`products/${elsewhere}/features/${feature}`)), 404);
      expectError(await api('GET', path(`products/99999999/features/${feature}`)), 404);
    },
  );

  it('PUT changes the feature through a product that has it; DELETE of a feature the product lacks is a 404 and it stays', async () => {
    const description = `Colour ${uid()}`;
    expectError(
      await api('PUT', `/api/products/${elsewhere}/features/${feature}`, {
        body: { description, company_id: companyA },
      }),
      404,
    );
    const updated = await api('PUT', `/api/products/${inCategory}/features/${feature}`, {
      body: { description, company_id: companyA },
    });
    expectStatus(updated, 200);
    expect((await getOk(`/api/features/${feature}`)).description).toBe(description);
    expectError(await api('DELETE', `/api/products/${inCategory}/features/${otherFeature}`), 404);
    await getOk(`/api/features/${otherFeature}`);
  });

  it('a vendor reads the features of its own products only, and changes none', async () => {
    expectStatus(await api('GET', `/api/products/${inCategory}/features/${feature}`, { auth: vendorA.auth }), 200);
    const ofB = await createProduct({ company_id: companyB, product_features: { [feature]: variant } });
    expectError(await api('GET', `/api/products/${ofB}/features/${feature}`, { auth: vendorA.auth }), 404);
    expectForbidden(
      await api('PUT', `/api/products/${inCategory}/features/${feature}`, {
        auth: vendorA.auth,
        body: { description: 'x' },
      }),
    );
    expectForbidden(await api('DELETE', `/api/products/${inCategory}/features/${feature}`, { auth: vendorA.auth }));
  });
});
