/**
 * The defaults of a product create, as CS-Cart's fn_update_product and Products::create give them (SPEC §10
 * "Defaults of a create"): no company_id → the first store (never 0), a vendor's own company, a store context's;
 * no category_ids → that company's default category, a hidden "Products without category" made once.
 */
import { describe, expect, it } from 'vitest';
import { createApiUser, createCompany, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';

const getOk = async (path: string, auth?: Parameters<typeof api>[2]) => {
  const response = await api('GET', path, auth);
  expectStatus(response, 200);
  return response.json;
};

async function created(path: string, body: object, options: Parameters<typeof api>[2] = {}): Promise<number> {
  const response = await api('POST', path, { ...options, body });
  expectStatus(response, 201);
  return response.json.product_id as number;
}

describe('POST /products defaults', () => {
  it('without company_id: the first store; without category_ids: its default category, made once and reused', async () => {
    await createCompany();
    const firstStore = Number((await getOk('/api/stores?items_per_page=1')).stores[0].company_id);
    const a = await getOk(`/api/products/${await created('/api/products', { product: 'No home', price: 1 })}`);
    const b = await getOk(
      `/api/products/${await created('/api/products', { product: 'No home either', price: 2, category_ids: [] })}`,
    );
    expect(a.company_id).toBe(String(firstStore));
    expect(a.category_ids).toHaveLength(1);
    expect(b.category_ids).toEqual(a.category_ids);
    const category = await getOk(`/api/categories/${a.category_ids[0]}`);
    expect(category).toMatchObject({
      category: 'Products without category',
      status: 'H',
      is_default: 'Y',
      company_id: String(firstStore),
    });
  });

  it('in a store context and for a vendor: that company, and that company’s own default category', async () => {
    const store = await createCompany();
    const inContext = await getOk(
      `/api/products/${await created(`/api/stores/${store}/products`, { product: 'Context', price: 3 })}`,
    );
    expect(inContext.company_id).toBe(String(store));
    expect((await getOk(`/api/categories/${inContext.category_ids[0]}`)).company_id).toBe(String(store));

    const vendorCompany = await createCompany();
    const vendor = await createApiUser('V', ['--company', String(vendorCompany)]);
    const own = await created(
      '/api/products',
      { product: 'Vendor made', price: 4, company_id: store },
      { auth: vendor.auth },
    );
    const product = await getOk(`/api/products/${own}`);
    expect(product.company_id).toBe(String(vendorCompany));
    expect((await getOk(`/api/categories/${product.category_ids[0]}`)).company_id).toBe(String(vendorCompany));
  }, 120_000);
});
