/**
 * A product in very many categories: every category (and its company copy, and each category on its path) is an
 * index item with a count, all written in the product's one transaction, and DynamoDB holds at most 100 items in
 * a transaction. Beyond that the create is a 400 that writes nothing — never DynamoDB's ValidationException as a
 * 500 — and a product within it is created as usual.
 */
import { describe, expect, it } from 'vitest';
import { createCompany, expectError, expectStatus, inBatches, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

async function categories(companyId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  await inBatches(count, 8, async (i) => {
    const response = await api('POST', '/api/categories', {
      body: { category: `Wide ${uid()} ${i}`, company_id: companyId, status: 'A' },
    });
    expectStatus(response, 201);
    ids.push(Number(response.json.category_id));
  });
  return ids.sort((a, b) => a - b);
}

describe('a product in many categories', () => {
  it('more index items than one transaction holds → 400 naming the limit, nothing written; a few categories → 201', async () => {
    const companyId = await createCompany();
    const ids = await categories(companyId, 40);
    const code = `WIDE-${uid()}`;
    const refused = await api('POST', '/api/products', {
      body: { product: `Wide ${code}`, product_code: code, price: 1, company_id: companyId, category_ids: ids },
    });
    expectError(refused, 400);
    expect(refused.json.message).toContain('100');
    const found = await api('GET', `/api/products?pcode=${code}&company_id=${companyId}`);
    expectStatus(found, 200);
    expect(found.json.params.total_items).toBe(0);
    const counted = await api('GET', `/api/categories/${ids[0]}`);
    expect(counted.json.product_count).toBe('0');

    const fine = await api('POST', '/api/products', {
      body: {
        product: `Narrow ${code}`,
        product_code: `${code}-N`,
        price: 1,
        company_id: companyId,
        category_ids: ids.slice(0, 3),
      },
    });
    expectStatus(fine, 201);
    const shown = await api('GET', `/api/products/${fine.json.product_id}`);
    expect(shown.json.category_ids.map(Number).sort((a: number, b: number) => a - b)).toEqual(ids.slice(0, 3));
  });
});
