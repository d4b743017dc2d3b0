/**
 * POST and PUT answers in the recorded JSON types (SPEC §3, issue 18 item 3): the recording's answer of every
 * entity, written down here from the recording's summary table, against what the definitions make the API
 * write (lib/entities/answers.ts) and what the OpenAPI document says it writes.
 */
import { describe, expect, it } from 'vitest';
import { writeAnswer } from '../../lib/entities/answers.js';
import { findEntity } from '../../lib/entities/registry.js';
import type { WriteOperation } from '../../lib/entities/types.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';

type Recorded = Record<string, 'int' | 'str'>;

/** The recording's POST and PUT answers (`int`: a JSON number, `str`: a JSON string); usergroups: the seed's integers. */
const RECORDED: Record<string, { create?: Recorded; update?: Recorded }> = {
  products: { create: { product_id: 'int' }, update: { product_id: 'int' } },
  categories: { create: { category_id: 'int' }, update: { category_id: 'str' } },
  orders: { update: { order_id: 'str' } },
  users: { create: { user_id: 'int', profile_id: 'str' }, update: { user_id: 'str', profile_id: 'str' } },
  stores: { create: { store_id: 'int' }, update: { store_id: 'str' } },
  vendors: { create: { company_id: 'int' }, update: { store_id: 'str' } },
  languages: { create: { lang_id: 'int' }, update: { lang_id: 'str' } },
  statuses: { create: { status_id: 'str' }, update: { status_id: 'str' } },
  taxes: { create: { tax_id: 'int' }, update: { tax_id: 'str' } },
  payments: { create: { payment_id: 'int' }, update: { payment_id: 'str' } },
  shippings: { create: { shipping_id: 'int' }, update: { shipping_id: 'str' } },
  shipments: { create: { shipment_id: 'int' }, update: { shipment_id: 'str' } },
  pages: { create: { page_id: 'int' }, update: { page_id: 'str' } },
  blocks: { create: { block_id: 'int' }, update: { block_id: 'str' } },
  call_requests: { create: { request_id: 'int' }, update: { request_id: 'str' } },
  discussions: { create: { post_id: 'int' }, update: { post_id: 'str' } },
  features: { create: { feature_id: 'int' }, update: { feature_id: 'str' } },
  options: { create: { option_id: 'int' }, update: { option_id: 'str' } },
  exceptions: { create: { exception_id: 'int' }, update: { exception_id: 'str' } },
  settings: { update: { setting_id: 'str' } },
  product_variations: { create: { product_id: 'int' }, update: { product_id: 'int' } },
  combinations: { create: { combination_hash: 'str' }, update: { combination_hash: 'str' } },
  usergroups: { create: { usergroup_id: 'int' } },
};

const document = buildOpenApiDocument() as Record<string, any>;
const JSON_TYPE = { int: 'number', str: 'string' } as const;

const cases = Object.entries(RECORDED).flatMap(([name, answers]) =>
  (Object.entries(answers) as Array<[WriteOperation, Recorded]>).map(
    ([operation, keys]) => [name, operation, keys] as const,
  ),
);

describe("POST and PUT answers carry the recording's keys and JSON types", () => {
  it.each(cases)('%s %s', (name, operation, keys) => {
    const entity = findEntity(name)!;
    expect(entity.http.operations).toContain(operation);
    const ids = Object.fromEntries(Object.keys(keys).map((key) => [key, 42]));
    const answer = writeAnswer(entity, operation, ids);
    // Exactly the recorded keys (plus the recording's constant extras, `"message": ""` of POST /vendors).
    expect(Object.keys(answer).filter((key) => key !== 'message')).toEqual(Object.keys(keys));
    for (const [key, type] of Object.entries(keys)) {
      expect(typeof answer[key], `${name} ${operation} ${key}`).toBe(JSON_TYPE[type]);
      expect(String(answer[key])).toBe('42');
    }
    // The document says the same (once, for both versions).
    const path = operation === 'create' ? `/${name}` : `/${name}/{id}`;
    const method = operation === 'create' ? 'post' : 'put';
    const status = operation === 'create' ? '201' : '200';
    const schema = document.paths[path][method].responses[status].content['application/json'].schema;
    for (const [key, type] of Object.entries(keys)) {
      expect(schema.properties[key].type, `${method} ${path} ${key}`).toBe(type === 'int' ? 'integer' : 'string');
      expect(schema.required).toContain(key);
    }
  });

  it("a string id is the id's digits, whatever type the caller had it in", () => {
    const categories = findEntity('categories')!;
    expect(writeAnswer(categories, 'update', 265)).toEqual({ category_id: '265' });
    expect(writeAnswer(categories, 'update', '265')).toEqual({ category_id: '265' });
    expect(writeAnswer(categories, 'create', '265')).toEqual({ category_id: 265 });
    expect(writeAnswer(findEntity('vendors')!, 'create', 9)).toEqual({ company_id: 9, message: '' });
  });

  it('a missing value for an answer key is a programming error, not a silent "undefined"', () => {
    expect(() => writeAnswer(findEntity('users')!, 'create', { user_id: 4 })).toThrow(/profile_id/);
  });
});
