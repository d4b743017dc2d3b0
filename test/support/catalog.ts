/**
 * Helpers of the catalog suites (stores, vendors, categories, products, features): the recording's type
 * notation as checks, and companies, categories, products and features created through the API.
 *
 * The expected field tables live in the test files, written from test/fixtures/cscart-entities.md, never
 * from lib/entities: a definition that shows a field in the wrong JSON type or view fails them.
 */
import { expect } from 'vitest';
import { expectStatus, uid } from './fixtures.js';
import { type Auth, api } from './http.js';

/**
 * The recording's type notation (cscart-entities.md "Type notation"):
 * - `str(int)`: a JSON string holding digits (`""` too: CS-Cart sends it for an unset zipcode);
 * - `str(dec2)`, `str(dec3)`: a decimal string with exactly that many decimals (`"30.00"`, `"0.000"`);
 *   `str(dec)`: a decimal string whose places the recording does not show;
 * - `str`, `int`, `bool`, `null`;
 * - `object`: a JSON object (not an array); `object{id}`: a JSON object keyed by numeric ids;
 * - `array(empty)`: `[]`; `array<int>`, `array<str(int)>`, `array<object>`: lists of that element type;
 * - `—`: absent from that view.
 */
export type WireType =
  | 'str(int)'
  | 'str(dec)'
  | 'str(dec2)'
  | 'str(dec3)'
  | 'str'
  | 'int'
  | 'bool'
  | 'null'
  | 'object'
  | 'object{id}'
  | 'array(empty)'
  | 'array<int>'
  | 'array<str(int)>'
  | 'array<object>'
  | '—';

/** A field table: field → [type in list rows, type in the single object]. */
export type FieldTable = Record<string, readonly [list: WireType, single: WireType]>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why `value` is not of `type`, or undefined when it is. */
export function typeProblem(value: unknown, type: WireType): string | undefined {
  const shown = JSON.stringify(value);
  const ok = (() => {
    switch (type) {
      case 'str(int)':
        return typeof value === 'string' && /^\d*$/.test(value);
      case 'str(dec)':
        return typeof value === 'string' && /^\d+(\.\d+)?$/.test(value);
      case 'str(dec2)':
        return typeof value === 'string' && /^\d+\.\d{2}$/.test(value);
      case 'str(dec3)':
        return typeof value === 'string' && /^\d+\.\d{3}$/.test(value);
      case 'str':
        return typeof value === 'string';
      case 'int':
        return typeof value === 'number' && Number.isInteger(value);
      case 'bool':
        return typeof value === 'boolean';
      case 'null':
        return value === null;
      case 'object':
        return isPlainObject(value);
      case 'object{id}':
        return isPlainObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key));
      case 'array(empty)':
        return Array.isArray(value) && value.length === 0;
      case 'array<int>':
        return Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isInteger(v));
      case 'array<str(int)>':
        return Array.isArray(value) && value.every((v) => typeof v === 'string' && /^\d+$/.test(v));
      case 'array<object>':
        return Array.isArray(value) && value.every(isPlainObject);
      case '—':
        return value === undefined;
    }
  })();
  return ok ? undefined : `${type} expected, got ${shown}`;
}

/**
 * Every field of the table that the view shows is present in the recorded type, and the object has no
 * other keys (a field the recording shows only in the other view, or a hidden one, must not leak).
 */
export function expectShape(
  object: Record<string, unknown>,
  table: FieldTable,
  view: 'list' | 'single',
  label: string = view,
): void {
  expect(isPlainObject(object), `${label}: an object expected, got ${JSON.stringify(object)}`).toBe(true);
  const column = view === 'list' ? 0 : 1;
  const problems: string[] = [];
  for (const [field, types] of Object.entries(table)) {
    const type = types[column];
    if (type !== '—' && !Object.hasOwn(object, field)) {
      problems.push(`${field}: missing`);
      continue;
    }
    const problem = typeProblem(object[field], type);
    if (problem) problems.push(`${field}: ${problem}`);
  }
  for (const key of Object.keys(object)) {
    if (!Object.hasOwn(table, key)) problems.push(`${key}: not a field of the recording's table`);
  }
  expect(problems, `${label}: ${JSON.stringify(object)}`).toEqual([]);
}

/** A table of a nested object (one type in every view). */
export function expectNestedShape(object: unknown, table: Record<string, WireType>, label: string): void {
  expect(isPlainObject(object), `${label}: an object expected, got ${JSON.stringify(object)}`).toBe(true);
  const record = object as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, type] of Object.entries(table)) {
    if (!Object.hasOwn(record, field)) problems.push(`${field}: missing`);
    else {
      const problem = typeProblem(record[field], type);
      if (problem) problems.push(`${field}: ${problem}`);
    }
  }
  for (const key of Object.keys(record)) if (!Object.hasOwn(table, key)) problems.push(`${key}: unexpected`);
  expect(problems, `${label}: ${JSON.stringify(object)}`).toEqual([]);
}

/** The JSON type of a value, coarse: string, number, boolean, null, array, object. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

// -------------------------------------------------------------------------------------------------------- objects

/** POST and the id under `key`, asserting 201 and an integer id. */
export async function createVia(path: string, key: string, body: object, auth: Auth = 'admin'): Promise<number> {
  const response = await api('POST', path, { auth, body });
  expectStatus(response, 201);
  const id = response.json[key];
  expect(Number.isInteger(id), `${key} of ${response.body}`).toBe(true);
  return id as number;
}

/** A one-line order of one unit of `productId` for `userId`, with a payment and a shipping method of its own. */
export async function placeOrder(userId: number, productId: number): Promise<number> {
  const payment_id = await createVia('/api/payments', 'payment_id', { payment: `Pay ${uid()}` });
  const shipping_id = await createVia('/api/shippings', 'shipping_id', {
    shipping: `Ship ${uid()}`,
    base_rate: '5.00',
  });
  return createVia('/api/orders', 'order_id', {
    user_id: userId,
    payment_id,
    shipping_id,
    products: { 1: { product_id: productId, amount: 1 } },
  });
}

/** A store (a company) with a unique name; returns its company_id. */
export function createStore(fields: object = {}): Promise<number> {
  const tag = uid();
  return createVia('/api/stores', 'store_id', {
    company: `Store ${tag}`,
    storefront: `store-${tag}.example.com`,
    ...fields,
  });
}

export function createCategory(companyId: number, fields: object = {}, auth: Auth = 'admin'): Promise<number> {
  return createVia(
    '/api/categories',
    'category_id',
    { category: `Category ${uid()}`, company_id: companyId, ...fields },
    auth,
  );
}

let storeOfThisFile: Promise<number> | undefined;

/**
 * A store made once per test file: a product created without company_id goes to the first store, and a file may be
 * the first to run on its pool's fresh store, where no other file has made one yet.
 */
export function aStoreExists(): Promise<number> {
  storeOfThisFile ??= createStore();
  return storeOfThisFile;
}

export async function createProduct(fields: object = {}, auth: Auth = 'admin'): Promise<number> {
  if (!('company_id' in fields)) await aStoreExists();
  return createVia('/api/products', 'product_id', { product: `Product ${uid()}`, price: 10, ...fields }, auth);
}

export function createFeature(companyId: number, fields: object = {}): Promise<number> {
  return createVia('/api/features', 'feature_id', {
    feature_type: 'S',
    description: `Feature ${uid()}`,
    company_id: companyId,
    ...fields,
  });
}

/** GET that must answer 200; returns the body. */
export async function getOk(path: string, auth: Auth = 'admin'): Promise<any> {
  const response = await api('GET', path, { auth });
  expectStatus(response, 200);
  return response.json;
}

/** The ids of a collection answer's rows, as numbers, in the order given. */
export function idsOf(body: any, collectionKey: string, idField: string): number[] {
  return (body[collectionKey] as Array<Record<string, unknown>>).map((row) => Number(row[idField]));
}

/** A product with two selectable options (`Color`, `Size`) of two variants each, and their variant ids. */
export async function productWithOptions(
  optionType: 'S' | 'R' = 'S',
): Promise<{ productId: number; options: Array<{ id: number; variants: string[] }> }> {
  const productId = await createProduct();
  const options: Array<{ id: number; variants: string[] }> = [];
  for (const name of ['Color', 'Size']) {
    const id = await createVia('/api/options', 'option_id', {
      product_id: productId,
      option_name: `${name} ${uid()}`,
      option_type: optionType,
      variants: [{ variant_name: 'one' }, { variant_name: 'two' }],
    });
    options.push({ id, variants: Object.keys((await api('GET', `/api/options/${id}`)).json.variants) });
  }
  return { productId, options };
}
