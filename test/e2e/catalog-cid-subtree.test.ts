/**
 * `cid` with subcategories (the default) reads one index partition: every product is indexed under every
 * category on its categories' paths, and a category move re-indexes the products under it.
 */
import { expect, it } from 'vitest';
import { createCompany, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

async function post(path: string, body: object, key: string): Promise<number> {
  const response = await api('POST', path, { body });
  expect(response.status, response.body).toBe(201);
  return response.json[key] as number;
}

it('a product is listed under every ancestor of its categories, once, and follows a move', async () => {
  const companyId = await createCompany();
  const category = (name: string, parent = 0) =>
    post('/api/categories', { category: `${name} ${uid()}`, company_id: companyId, parent_id: parent }, 'category_id');
  const top = await category('Top');
  const left = await category('Left', top);
  const right = await category('Right', top);
  const other = await category('Other');
  const both = await post(
    '/api/products',
    { product: 'Both', price: '1.00', company_id: companyId, category_ids: [left, right] },
    'product_id',
  );
  const onlyRight = await post(
    '/api/products',
    { product: 'Right', price: '1.00', company_id: companyId, category_ids: [right] },
    'product_id',
  );
  const listed = async (cid: number, extra = '') => {
    const response = await api('GET', `/api/products?cid=${cid}&items_per_page=250${extra}`);
    expect(response.status).toBe(200);
    return {
      ids: response.json.products.map((p: { product_id: string }) => Number(p.product_id)),
      total: response.json.params.total_items,
    };
  };
  // A product in two subcategories counts once under their parent.
  expect(await listed(top)).toEqual({ ids: [both, onlyRight], total: 2 });
  expect(await listed(top, '&subcats=N')).toEqual({ ids: [], total: 0 });
  expect(await listed(left)).toEqual({ ids: [both], total: 1 });
  // Moving Right under Other moves its products' ancestry with it.
  expect((await api('PUT', `/api/categories/${right}`, { body: { parent_id: other } })).status).toBe(200);
  expect(await listed(other)).toEqual({ ids: [both, onlyRight], total: 2 });
  expect(await listed(top)).toEqual({ ids: [both], total: 1 });
  // Taking a product out of a category takes it out of the ancestors too.
  expect((await api('PUT', `/api/products/${both}`, { body: { category_ids: [left] } })).status).toBe(200);
  expect(await listed(other)).toEqual({ ids: [onlyRight], total: 1 });
  expect(
    (await api('GET', `/api/categories/${top}/products`)).json.products.map((p: { product_id: string }) =>
      Number(p.product_id),
    ),
  ).toEqual([both]);
});
