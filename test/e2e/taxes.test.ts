/**
 * Taxes (SPEC §10, the recording's `taxes`) over real HTTP: every method, the recorded field types,
 * the required `tax`, rates, 404s, privileges.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

const FIELDS = [
  'tax_id',
  'address_type',
  'status',
  'price_includes_tax',
  'display_including_tax',
  'display_info',
  'regnumber',
  'priority',
  'tax',
];

async function createTax(body: object = {}): Promise<number> {
  const response = await api('POST', '/api/taxes', { body: { tax: `VAT ${uid()}`, ...body } });
  expectStatus(response, 201);
  return response.json.tax_id as number;
}

describe('taxes', () => {
  it('POST needs tax (400 naming it); 201 with an integer tax_id', async () => {
    expectError(
      await api('POST', '/api/taxes', { body: { status: 'D' } }),
      400,
      'Bad Request: The tax field is required',
    );
    const id = await createTax({ status: 'D', address_type: 'S', price_includes_tax: 'N', regnumber: 'ZZ1' });
    expect(Number.isInteger(id)).toBe(true);
  });

  it('GET one and the list: every recorded field, all strings, no rates', async () => {
    const id = await createTax({
      regnumber: '1234242',
      priority: 3,
      rates: { 1: { rate_value: '5', rate_type: 'P' } },
    });
    const single = await api('GET', `/api/taxes/${id}`);
    expectStatus(single, 200);
    expect(Object.keys(single.json)).toEqual(FIELDS);
    for (const field of FIELDS) expect(typeof single.json[field], field).toBe('string');
    expect(single.json).toMatchObject({
      tax_id: String(id),
      priority: '3',
      regnumber: '1234242',
      status: 'A',
      address_type: 'S',
    });
    // Other files create taxes too (the change feed's 1,000 concurrent writes): the newest id is on the last page.
    const total = (await api('GET', '/api/taxes?items_per_page=1')).json.params.total_items;
    expect(typeof total).toBe('number');
    const list = await api('GET', `/api/taxes?items_per_page=250&page=${Math.max(1, Math.ceil(total / 250))}`);
    expectStatus(list, 200);
    const row = list.json.taxes.find((tax: { tax_id: string }) => tax.tax_id === String(id));
    expect(row).toEqual(single.json);
    const ids = list.json.taxes.map((tax: { tax_id: string }) => Number(tax.tax_id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const past = await api('GET', '/api/taxes?page=1000');
    expect(past.json.taxes).toEqual([]);
  });

  it('PUT answers 200 {tax_id} (also for the name alone) and changes the tax; bad values are 400', async () => {
    const id = await createTax();
    const put = await api('PUT', `/api/taxes/${id}`, {
      body: { tax: 'Renamed', rates: { 2: { rate_value: 7.5, rate_type: 'F' } } },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ tax_id: String(id) });
    expect((await api('GET', `/api/taxes/${id}`)).json.tax).toBe('Renamed');
    expectError(await api('PUT', `/api/taxes/${id}`, { body: { status: 'X' } }), 400);
    expectError(
      await api('PUT', `/api/taxes/${id}`, { body: { rates: { 1: { rate_value: '5', rate_type: 'Q' } } } }),
      400,
    );
    expectError(await api('PUT', `/api/taxes/${id}`, { body: { rates: 'five' } }), 400);
  });

  it('unknown ids are 404 on GET, PUT and DELETE; DELETE is 204 then 404', async () => {
    expectError(await api('GET', '/api/taxes/99999999'), 404);
    expectError(await api('PUT', '/api/taxes/99999999', { body: { tax: 'x' } }), 404);
    expectError(await api('GET', '/api/taxes/abc'), 404);
    const id = await createTax();
    expectStatus(await api('DELETE', `/api/taxes/${id}`), 204);
    expectError(await api('DELETE', `/api/taxes/${id}`), 404);
    expectError(await api('GET', `/api/taxes/${id}`), 404);
  });

  it('view_taxes reads, manage_taxes writes', async () => {
    const reader = await createAdmin(['view_taxes']);
    expectStatus(await api('GET', '/api/taxes', { auth: reader.auth }), 200);
    expectForbidden(await api('POST', '/api/taxes', { auth: reader.auth, body: { tax: 'x' } }));
    const writer = await createAdmin(['manage_taxes']);
    expectForbidden(await api('GET', '/api/taxes', { auth: writer.auth }));
    expectStatus(await api('POST', '/api/taxes', { auth: writer.auth, body: { tax: `T ${uid()}` } }), 201);
  });
});
