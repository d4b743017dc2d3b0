/**
 * Payment and shipping methods (SPEC §10, the recording's `payments` and `shippings`) over real
 * HTTP: the built-in methods, the recorded fields and JSON types of the list row and of the single
 * object (which differ), decimals with the recorded places, the company reference, what cannot be
 * deleted, 404s (also where CS-Cart answers a stub), and privileges.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

type Json = Record<string, unknown>;

/** The JSON type of each recorded field of one view, in the recorded order (the test's own copy). */
const PAYMENT_LIST: Record<string, string> = {
  payment_id: 'string',
  company_id: 'string',
  usergroup_ids: 'string',
  position: 'string',
  status: 'string',
  template: 'string',
  processor_id: 'string',
  processor_params: 'string',
  a_surcharge: 'string',
  p_surcharge: 'string',
  tax_ids: 'string',
  localization: 'string',
  payment_category: 'string',
  payment: 'string',
  description: 'string',
  instructions: 'string',
  surcharge_title: 'string',
  lang_code: 'string',
  processor_type: 'null',
  processor_status: 'string',
  processor_script: 'null',
};
const PAYMENT_SINGLE: Record<string, string> = {
  payment_id: 'string',
  company_id: 'string',
  usergroup_ids: 'string',
  position: 'string',
  status: 'string',
  template: 'string',
  processor_id: 'string',
  processor_params: 'string',
  a_surcharge: 'string',
  p_surcharge: 'string',
  tax_ids: 'array',
  localization: 'string',
  payment_category: 'string',
  payment: 'string',
  description: 'string',
  instructions: 'string',
  surcharge_title: 'string',
  lang_code: 'string',
  processor: 'null',
  processor_type: 'null',
  processor_status: 'null',
  image: 'array',
  storefront_ids: 'string',
  storefront_owner_id: 'number',
};
const SHIPPING_LIST: Record<string, string> = {
  shipping_id: 'string',
  company_id: 'string',
  min_weight: 'string',
  max_weight: 'string',
  usergroup_ids: 'string',
  tax_ids: 'string',
  position: 'string',
  status: 'string',
  shipping: 'string',
  delivery_time: 'string',
  company_name: 'string',
  storefront_id: 'string',
};
const SHIPPING_SINGLE: Record<string, string> = {
  shipping_id: 'string',
  company_id: 'string',
  destination: 'string',
  min_weight: 'string',
  max_weight: 'string',
  usergroup_ids: 'string',
  rate_calculation: 'string',
  service_id: 'string',
  service_params: 'string',
  localization: 'string',
  tax_ids: 'array',
  position: 'string',
  status: 'string',
  free_shipping: 'string',
  is_address_required: 'string',
  shipping: 'string',
  description: 'string',
  delivery_time: 'string',
  allow_multiple_locations: 'boolean',
  icon: 'array',
  rates: 'object',
  storefront_ids: 'string',
  storefront_owner_id: 'number',
};

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Every recorded field with its JSON type; fields of our own (shipping's base_rate) may follow. */
function expectTypes(object: Json, types: Record<string, string>): void {
  for (const [field, type] of Object.entries(types)) expect(typeOf(object[field]), field).toBe(type);
  expect(
    Object.keys(object)
      .slice(0, Object.keys(types).length)
      .filter((key) => key in types),
  ).toEqual(Object.keys(object).filter((key) => key in types));
}

async function create(entity: string, body: Json, key: string): Promise<number> {
  const response = await api('POST', `/api/${entity}`, { body });
  expectStatus(response, 201);
  expect(Number.isInteger(response.json[key]), key).toBe(true);
  return response.json[key] as number;
}

const CASES = [
  {
    entity: 'payments',
    key: 'payment_id',
    name: 'payment',
    list: PAYMENT_LIST,
    single: PAYMENT_SINGLE,
    read: 'view_payments',
    write: 'manage_payments',
  },
  {
    entity: 'shippings',
    key: 'shipping_id',
    name: 'shipping',
    list: SHIPPING_LIST,
    single: SHIPPING_SINGLE,
    read: 'view_shipping',
    write: 'manage_shipping',
  },
] as const;

describe.each(CASES)('$entity', ({ entity, key, name, list, single, read, write }) => {
  it('the built-in method 1 and a new one: the recorded fields and JSON types of the row and of the object', async () => {
    const id = await create(entity, { [name]: `${name} ${uid()}`, status: 'D', tax_ids: [6] }, key);
    for (const shown of [1, id]) {
      const object = await api('GET', `/api/${entity}/${shown}`);
      expectStatus(object, 200);
      expectTypes(object.json, single);
      expect(object.json[key]).toBe(String(shown));
    }
    const page = await api('GET', `/api/${entity}?items_per_page=250`);
    expectStatus(page, 200);
    expect(typeof page.json.params.total_items).toBe('number');
    const rows = page.json[entity] as Json[];
    expect(rows[0]![key]).toBe('1');
    const row = rows.find((candidate) => candidate[key] === String(id))!;
    expectTypes(row, list);
    expect(row.tax_ids).toBe('6');
    expect((await api('GET', `/api/${entity}/${id}`)).json.tax_ids).toEqual(['6']);
  });

  it(`POST needs ${name} (400 naming it); a bad status or an unknown company is 400; nothing is written`, async () => {
    const before = (await api('GET', `/api/${entity}?items_per_page=1`)).json.params.total_items;
    expectError(
      await api('POST', `/api/${entity}`, { body: { status: 'D' } }),
      400,
      `Bad Request: The ${name} field is required`,
    );
    expectError(await api('POST', `/api/${entity}`, { body: { [name]: 'x', status: 'Q' } }), 400);
    const unknownCompany = await api('POST', `/api/${entity}`, { body: { [name]: 'x', company_id: 99999999 } });
    expectError(unknownCompany, 400);
    expect(unknownCompany.json.errors[0].field).toBe('company_id');
    expect((await api('GET', `/api/${entity}?items_per_page=1`)).json.params.total_items).toBe(before);
  });

  it('PUT 200 with the id as the recorded string ({"payment_id":"12"}); unknown ids are 404 on GET, PUT and DELETE (no stub, no junk record)', async () => {
    const id = await create(entity, { [name]: `${name} ${uid()}` }, key);
    const put = await api('PUT', `/api/${entity}/${id}`, { body: { [name]: 'Renamed', position: 5 } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ [key]: String(id) });
    expect((await api('GET', `/api/${entity}/${id}`)).json).toMatchObject({ [name]: 'Renamed', position: '5' });
    expectError(await api('PUT', `/api/${entity}/99999999`, { body: { [name]: 'x' } }), 404);
    expectError(await api('GET', `/api/${entity}/99999999`), 404);
    expectStatus(await api('DELETE', `/api/${entity}/${id}`), 204);
    expectError(await api('DELETE', `/api/${entity}/${id}`), 404);
    expectError(await api('GET', `/api/${entity}/${id}`), 404);
  });

  it(`${read} reads, ${write} writes`, async () => {
    const reader = await createAdmin([read]);
    expectStatus(await api('GET', `/api/${entity}`, { auth: reader.auth }), 200);
    expectForbidden(await api('POST', `/api/${entity}`, { auth: reader.auth, body: { [name]: 'x' } }));
    const writer = await createAdmin([write]);
    expectForbidden(await api('GET', `/api/${entity}/1`, { auth: writer.auth }));
    expectStatus(await api('POST', `/api/${entity}`, { auth: writer.auth, body: { [name]: `${name} ${uid()}` } }), 201);
  });
});

describe('surcharges and rates', () => {
  it('decimals are written with the recorded places; a malformed number is 400', async () => {
    const payment = await create(
      'payments',
      { payment: `P ${uid()}`, a_surcharge: 1.5, p_surcharge: '2.25' },
      'payment_id',
    );
    expect((await api('GET', `/api/payments/${payment}`)).json).toMatchObject({
      a_surcharge: '1.500',
      p_surcharge: '2.250',
    });
    expectError(await api('PUT', `/api/payments/${payment}`, { body: { a_surcharge: '1,5' } }), 400);
    const shipping = await create(
      'shippings',
      { shipping: `S ${uid()}`, min_weight: '0.5', base_rate: '7.5' },
      'shipping_id',
    );
    expect((await api('GET', `/api/shippings/${shipping}`)).json).toMatchObject({
      min_weight: '0.500',
      base_rate: '7.50',
    });
    expectError(await api('PUT', `/api/shippings/${shipping}`, { body: { max_weight: 'heavy' } }), 400);
  });
});
