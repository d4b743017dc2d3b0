/**
 * The recording itself as a fixture (test/support/recording.ts): for every entity section of
 * `test/fixtures/cscart-entities.md` that records answer types, the same kind of object is read here over HTTP
 * and compared key path by key path, nested lists and objects included (test/support/recorded-types.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { differences, fieldDifferences, jsonShapeDifferences } from '../support/recorded-types.js';
import { recordedSections } from '../support/recording.js';
import { buildWalkWorld, ids } from './entity-walk-world.js';

beforeAll(buildWalkWorld);

interface Recorded {
  /** The recording's section whose tables describe the object. */
  section: string;
  /** Our collection, and its rows out of the answer. */
  list?: { path: () => string; rows: (json: any) => Record<string, unknown>[] };
  single?: () => string;
  /** Recorded keys that differ on purpose, each with its reason. */
  exempt?: Record<string, string>;
}

const wrapped = (key: string) => (json: any) => json[key] as Record<string, unknown>[];
const keyed = (key?: string) => (json: any) => Object.values(key ? json[key] : json) as Record<string, unknown>[];

const RECORDED: Recorded[] = [
  {
    section: 'products',
    list: { path: () => '/api/products', rows: wrapped('products') },
    single: () => `/api/products/${ids.product}`,
  },
  // "The fields are the product list fields plus …": a variation is a product.
  {
    section: 'products',
    list: { path: () => '/api/product_variations', rows: wrapped('products') },
    single: () => `/api/product_variations/${ids.variation}`,
  },
  {
    section: 'categories',
    list: { path: () => '/api/categories', rows: wrapped('categories') },
    single: () => `/api/categories/${ids.category}`,
  },
  {
    section: 'orders',
    list: { path: () => '/api/orders', rows: wrapped('orders') },
    single: () => `/api/orders/${ids.order}`,
  },
  {
    section: 'users',
    list: { path: () => '/api/users?user_type=C', rows: wrapped('users') },
    single: () => `/api/users/${ids.customer}`,
  },
  {
    section: 'stores',
    list: { path: () => '/api/stores', rows: wrapped('stores') },
    single: () => `/api/stores/${ids.store}`,
  },
  // "The items have the same shape as stores."
  {
    section: 'stores',
    list: { path: () => '/api/vendors', rows: wrapped('vendors') },
    single: () => `/api/vendors/${ids.vendor}`,
  },
  {
    section: 'languages',
    list: { path: () => '/api/languages', rows: keyed('languages') },
    single: () => '/api/languages/1',
  },
  {
    section: 'langvars',
    list: { path: () => '/api/languages/1/langvars', rows: wrapped('langvars') },
    single: () => `/api/languages/1/langvars/${ids.langvar}`,
  },
  {
    section: 'statuses',
    list: { path: () => '/api/statuses', rows: wrapped('statuses') },
    single: () => `/api/statuses/${ids.status}`,
  },
  {
    section: 'taxes',
    list: { path: () => '/api/taxes', rows: wrapped('taxes') },
    single: () => `/api/taxes/${ids.tax}`,
  },
  {
    section: 'payments',
    list: { path: () => '/api/payments', rows: wrapped('payments') },
    single: () => '/api/payments/1',
  },
  {
    section: 'shippings',
    list: { path: () => '/api/shippings', rows: wrapped('shippings') },
    single: () => '/api/shippings/1',
  },
  {
    section: 'shipments',
    list: { path: () => '/api/shipments', rows: wrapped('shipments') },
    single: () => `/api/shipments/${ids.shipment}`,
  },
  {
    section: 'pages',
    list: { path: () => '/api/pages', rows: wrapped('pages') },
    single: () => `/api/pages/${ids.page}`,
  },
  {
    section: 'blocks',
    list: { path: () => '/api/blocks', rows: (json) => json },
    single: () => `/api/blocks/${ids.block}`,
  },
  {
    section: 'call_requests',
    list: { path: () => '/api/call_requests', rows: wrapped('call_requests') },
    single: () => `/api/call_requests/${ids.callRequest}`,
  },
  {
    section: 'discussions',
    list: { path: () => '/api/discussions', rows: wrapped('discussions') },
    single: () => `/api/discussions/${ids.post}`,
  },
  {
    section: 'features',
    list: { path: () => '/api/features', rows: wrapped('features') },
    single: () => `/api/features/${ids.feature}`,
  },
  {
    section: 'carts',
    list: { path: () => `/api/carts?user_id=${ids.cartUser}`, rows: wrapped('carts') },
    single: () => `/api/carts/${ids.cartUser}`,
  },
  // "GET /products/12/features returns product-specific items with extra keys": the list row's keys and more.
  { section: 'features', list: { path: () => `/api/products/${ids.product}/features`, rows: wrapped('features') } },
  {
    section: 'options',
    list: { path: () => '/api/options', rows: wrapped('product_options') },
    single: () => `/api/options/${ids.option}`,
  },
  // "In the product-specific map each value has the same keys plus cur_product_id (and no lang_code)."
  {
    section: 'options',
    list: { path: () => `/api/options?product_id=${ids.product}`, rows: keyed() },
    exempt: { lang_code: 'the recording: the product-specific map has no lang_code' },
  },
  {
    section: 'exceptions',
    list: { path: () => `/api/exceptions?product_id=${ids.product}`, rows: (json) => json },
    single: () => `/api/exceptions/${ids.exception}`,
  },
  {
    section: 'settings',
    list: { path: () => '/api/settings', rows: wrapped('settings') },
    single: () => '/api/settings/31',
  },
  {
    section: 'product_variations_groups',
    list: { path: () => '/api/product_variations_groups', rows: wrapped('groups') },
    single: () => `/api/product_variations_groups/${ids.variationGroup}`,
  },
];

/** Recorded sections with answer types that no request above reads, each with its reason. */
const NOT_READ: Record<string, string> = {};

/** Complete recorded GET answers, by the recording's seq, as the same request here. */
const RECORDED_ANSWERS: Record<number, () => string> = {
  109: () => `/api/langvars/${ids.langvar}`,
  112: () => `/api/languages/1/langvars/${ids.langvar}`,
  113: () => `/api/langvars/${ids.langvar}?lang_code=en`,
  118: () => `/api/languages/1/langvars/${ids.langvar}`,
  282: () => `/api/exceptions?product_id=${ids.product}`,
  286: () => `/api/exceptions/${ids.exception}`,
};
const ANSWERS_NOT_READ: Record<number, string> = {
  60: "GET /users/:id/usergroups: the seed's memberships answer a bare object keyed by usergroup id (SPEC §6), not CS-Cart's list",
  158: 'GET of a deleted payment: CS-Cart answers a stub with 200, we answer 404 like any absent object (SPEC §10 "What stays ours")',
};

/** A collection's search echo: keys we echo are compared; `total_items` and `items_per_page` are ours (SPEC §4: integers). */
const ECHO_OURS = new Set(['total_items', 'items_per_page', 'page']);

describe('the recording as a fixture: every recorded key path and JSON type', () => {
  const sections = recordedSections();

  it('reads every recorded section (or says why not)', () => {
    const read = new Set(RECORDED.map((entry) => entry.section));
    for (const name of sections.keys())
      expect(read.has(name) || Object.hasOwn(NOT_READ, name), `recorded section ${name}`).toBe(true);
    expect(
      sections.get('orders')?.nested.get('shipping[]')?.get('rate_calculation'),
      'the parser reads nested shapes',
    ).toBe('str');
  });

  it.each(RECORDED.map((entry, i) => [entry.section, i, entry] as const))(
    '%s (reading %i)',
    async (_name, _i, entry) => {
      const section = sections.get(entry.section)!;
      const fields = section.fields.filter((field) => !entry.exempt?.[field.field]);
      const found: string[] = [];
      if (entry.list) {
        const response = await api('GET', entry.list.path());
        expectStatus(response, 200);
        const rows = entry.list.rows(response.json);
        expect(rows.length, `${entry.list.path()} has rows to compare`).toBeGreaterThan(0);
        rows.forEach((row, i) => found.push(...fieldDifferences(section, fields, 'list', row, `list[${i}].`)));
        const echo = (response.json as Record<string, any>).params;
        if (section.params && echo) {
          for (const [key, type] of section.params) {
            if (!ECHO_OURS.has(key) && Object.hasOwn(echo, key))
              found.push(...differences(section, `params.${key}`, type, echo[key]));
          }
        }
      }
      if (entry.single) {
        const response = await api('GET', entry.single());
        expectStatus(response, 200);
        found.push(...fieldDifferences(section, fields, 'single', response.json, 'single.'));
      }
      expect([...new Set(found)]).toEqual([]);
    },
  );

  it.each(Object.entries(RECORDED_ANSWERS))('recorded answer #%s', async (seq, path) => {
    const recorded = [...sections.values()]
      .flatMap((section) => section.answers)
      .find((answer) => answer.seq === Number(seq));
    expect(recorded, `#${seq} is in the recording`).toBeDefined();
    const response = await api('GET', path());
    expectStatus(response, 200);
    expect(jsonShapeDifferences(`#${seq}`, recorded!.json, response.json)).toEqual([]);
  });

  it('maps every complete recorded GET answer (or says why not)', () => {
    for (const answer of [...sections.values()].flatMap((section) => section.answers)) {
      expect(
        Object.hasOwn(RECORDED_ANSWERS, answer.seq) || Object.hasOwn(ANSWERS_NOT_READ, answer.seq),
        `#${answer.seq} ${answer.path}`,
      ).toBe(true);
    }
  });
});
