/**
 * A walk over the service's entity list (the 27 entities the service description names, in its
 * order): each one exists at its path, an object of it can be made (or is built in), and its
 * collection answers in its own shape — the wrapped list `{"<key>": [...], "params", "search"}`, the
 * object keyed by id (usergroups, languages, a product's options), or the bare
 * list (blocks, a product's exceptions) — and the single object carries its id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectStatus, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { differences, fieldDifferences, jsonShapeDifferences } from '../support/recorded-types.js';
import { recordedSections } from '../support/recording.js';

type Shape =
  | { kind: 'wrapped'; key: string }
  /** An object keyed by `by`; inside the wrapper `key` (with params and search) when given. */
  | { kind: 'keyed'; by: string; key?: string }
  | { kind: 'list' }
  | { kind: 'none' };

interface Walked {
  /** The name in the service's entity list. */
  seed: string;
  /** The collection path to read (with what it needs, e.g. `?product_id=`). */
  collection: () => string;
  shape: Shape;
  /** The single object's path and the field holding its id. */
  single?: () => string;
  idField?: string;
}

const ids: Record<string, number | string> = {};

async function made(path: string, body: object, key: string): Promise<number> {
  const response = await api('POST', `/api/${path}`, { body });
  expect(response.status, `${path}: ${response.body}`).toBe(201);
  return response.json[key] as number;
}

beforeAll(async () => {
  ids.store = (
    await api('POST', '/api/stores', { body: { company: `Walk ${uid()}`, storefront: `${uid()}.example.com` } })
  ).json.store_id;
  ids.vendor = (
    await api('POST', '/api/vendors', { body: { company: `Walk vendor ${uid()}`, email: uniqueEmail('walk-vendor') } })
  ).json.company_id;
  ids.category = await made('categories', { category: `Walk ${uid()}`, company_id: ids.store }, 'category_id');
  ids.feature = await made(
    'features',
    { feature_type: 'S', description: 'Colour', company_id: ids.store, variants: [{ variant: 'Red' }] },
    'feature_id',
  );
  const red = Object.keys((await api('GET', `/api/features/${ids.feature}`)).json.variants)[0]!;
  ids.product = await made(
    'products',
    {
      product: `Walk ${uid()}`,
      price: 10,
      category_ids: [ids.category],
      company_id: ids.store,
      amount: 50,
      product_features: { [ids.feature]: red },
    },
    'product_id',
  );
  ids.customer = await createUser({ user_type: 'C', email: uniqueEmail('walk') });
  // A cart, filled as the storefront fills one: a customer with a password signs in and adds the product.
  const shopper = uniqueEmail('walk-cart');
  ids.cartUser = await createUser({
    user_type: 'C',
    email: shopper,
    firstname: 'Walk',
    lastname: 'Cart',
    password: 'walk the cart 1',
  });
  const token = (
    await api('POST', '/api/auth_tokens', { auth: null, body: { email: shopper, password: 'walk the cart 1' } })
  ).json.token as string;
  expect(
    (
      await api('POST', `/api/4.0/stores/${ids.store}/sra_cart_content`, {
        auth: [token, ''],
        body: { products: { 1: { product_id: ids.product, amount: 2 } } },
      })
    ).status,
  ).toBe(201);
  ids.order = await made(
    'orders',
    { user_id: ids.customer, payment_id: 1, shipping_id: 1, products: { 1: { product_id: ids.product, amount: 1 } } },
    'order_id',
  );
  ids.shipment = await made('shipments', { order_id: ids.order, shipping_id: 1, tracking_number: 'T1' }, 'shipment_id');
  ids.page = await made('pages', { page: `Walk ${uid()}`, page_type: 'T', company_id: ids.store }, 'page_id');
  ids.block = await made('blocks', { name: `Walk ${uid()}`, type: 'html_block' }, 'block_id');
  ids.callRequest = await made(
    'call_requests',
    { phone: '+15550000', name: 'Walk', company_id: ids.store },
    'request_id',
  );
  ids.post = await made(
    'discussions',
    { object_type: 'P', object_id: ids.product, name: 'Walk', message: 'hello', rating_value: 5 },
    'post_id',
  );
  ids.langvar = (
    await api('POST', '/api/languages/1/langvars', {
      body: { name: `walk_${uid()}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase(), value: 'V' },
    })
  ).json.name;
  ids.tax = await made('taxes', { tax: `Walk ${uid()}` }, 'tax_id');
  ids.status = await made('statuses', { description: `Walk ${uid()}` }, 'status_id');
  // A variation group of two products differing in a two-variant feature.
  const colour = await made(
    'features',
    {
      feature_type: 'S',
      description: 'Walk colour',
      company_id: ids.store,
      variants: [{ variant: 'A' }, { variant: 'B' }],
    },
    'feature_id',
  );
  const variants = Object.keys((await api('GET', `/api/features/${colour}`)).json.variants);
  const variations = await Promise.all(
    variants.map((variant) =>
      made(
        'products',
        { product: `Walk ${uid()}`, price: 10, company_id: ids.store, product_features: { [colour]: variant } },
        'product_id',
      ),
    ),
  );
  const group = await api('POST', '/api/product_variations_groups', { body: { product_ids: variations } });
  expect(group.status, group.body).toBe(201);
  ids.variation = variations[0]!;
  ids.variationGroup = group.json.group.id;
  ids.usergroup = await made('usergroups', { usergroup: `Walk ${uid()}`, type: 'C', status: 'A' }, 'usergroup_id');
  // A global option (no product), so the global options' list has a row.
  await made(
    'options',
    { option_name: `Walk global ${uid()}`, option_type: 'S', company_id: ids.store, variants: [{ variant_name: 'G' }] },
    'option_id',
  );
  ids.option = await made(
    'options',
    {
      product_id: ids.product,
      option_name: 'Size',
      option_type: 'S',
      variants: [{ variant_name: 'S' }, { variant_name: 'L' }],
    },
    'option_id',
  );
  const variant = Object.keys((await api('GET', `/api/options/${ids.option}`)).json.variants)[0]!;
  ids.exception = await made(
    'exceptions',
    { product_id: ids.product, combination: { [ids.option]: variant } },
    'exception_id',
  );
  ids.combination = (
    await api('POST', '/api/combinations', {
      body: { product_id: ids.product, combination: { [ids.option]: variant }, amount: 5 },
    })
  ).json.combination_hash;
});

const WALK: Walked[] = [
  {
    seed: 'Blocks',
    collection: () => '/api/blocks',
    shape: { kind: 'list' },
    single: () => `/api/blocks/${ids.block}`,
    idField: 'block_id',
  },
  // The cart the storefront filled above (test/e2e/storefront.test.ts has the rest).
  {
    seed: 'Carts',
    collection: () => '/api/carts',
    shape: { kind: 'wrapped', key: 'carts' },
    single: () => `/api/carts/${ids.cartUser}`,
    idField: 'user_id',
  },
  {
    seed: 'Call Requests',
    collection: () => '/api/call_requests',
    shape: { kind: 'wrapped', key: 'call_requests' },
    single: () => `/api/call_requests/${ids.callRequest}`,
    idField: 'request_id',
  },
  {
    seed: 'Categories',
    collection: () => '/api/categories',
    shape: { kind: 'wrapped', key: 'categories' },
    single: () => `/api/categories/${ids.category}`,
    idField: 'category_id',
  },
  {
    seed: 'Discussions',
    collection: () => '/api/discussions',
    shape: { kind: 'wrapped', key: 'discussions' },
    single: () => `/api/discussions/${ids.post}`,
    idField: 'post_id',
  },
  {
    seed: 'Languages',
    collection: () => '/api/languages',
    shape: { kind: 'keyed', by: 'lang_code', key: 'languages' },
    single: () => '/api/languages/1',
    idField: 'lang_id',
  },
  {
    seed: 'Langvars',
    collection: () => '/api/languages/1/langvars',
    shape: { kind: 'wrapped', key: 'langvars' },
    single: () => `/api/languages/1/langvars/${ids.langvar}`,
    idField: 'name',
  },
  {
    seed: 'Orders',
    collection: () => '/api/orders',
    shape: { kind: 'wrapped', key: 'orders' },
    single: () => `/api/orders/${ids.order}`,
    idField: 'order_id',
  },
  {
    seed: 'Pages',
    collection: () => '/api/pages',
    shape: { kind: 'wrapped', key: 'pages' },
    single: () => `/api/pages/${ids.page}`,
    idField: 'page_id',
  },
  {
    seed: 'Payment Methods',
    collection: () => '/api/payments',
    shape: { kind: 'wrapped', key: 'payments' },
    single: () => '/api/payments/1',
    idField: 'payment_id',
  },
  {
    seed: 'Product Options',
    collection: () => `/api/options?product_id=${ids.product}`,
    shape: { kind: 'keyed', by: 'option_id' },
    single: () => `/api/options/${ids.option}`,
    idField: 'option_id',
  },
  {
    seed: 'Product Options (global)',
    collection: () => '/api/options',
    shape: { kind: 'wrapped', key: 'product_options' },
  },
  {
    seed: 'Option Exceptions',
    collection: () => `/api/exceptions?product_id=${ids.product}`,
    shape: { kind: 'list' },
    single: () => `/api/exceptions/${ids.exception}`,
    idField: 'exception_id',
  },
  {
    seed: 'Option Combinations',
    collection: () => `/api/combinations?product_id=${ids.product}`,
    shape: { kind: 'list' },
    single: () => `/api/combinations/${ids.combination}`,
    idField: 'combination_hash',
  },
  {
    seed: 'Products',
    collection: () => '/api/products',
    shape: { kind: 'wrapped', key: 'products' },
    single: () => `/api/products/${ids.product}`,
    idField: 'product_id',
  },
  {
    seed: 'Product Variations',
    collection: () => '/api/product_variations',
    shape: { kind: 'wrapped', key: 'products' },
    single: () => `/api/product_variations/${ids.variation}`,
    idField: 'product_id',
  },
  {
    seed: 'Product Variation Groups',
    collection: () => '/api/product_variations_groups',
    shape: { kind: 'wrapped', key: 'groups' },
    single: () => `/api/product_variations_groups/${ids.variationGroup}`,
    idField: 'id',
  },
  {
    seed: 'Product Features',
    collection: () => '/api/features',
    shape: { kind: 'wrapped', key: 'features' },
    single: () => `/api/features/${ids.feature}`,
    idField: 'feature_id',
  },
  {
    seed: 'Settings',
    collection: () => '/api/settings',
    shape: { kind: 'wrapped', key: 'settings' },
    single: () => '/api/settings/31',
    idField: 'object_id',
  },
  {
    seed: 'Shipments',
    collection: () => '/api/shipments',
    shape: { kind: 'wrapped', key: 'shipments' },
    single: () => `/api/shipments/${ids.shipment}`,
    idField: 'shipment_id',
  },
  {
    seed: 'Shipping Methods',
    collection: () => '/api/shippings',
    shape: { kind: 'wrapped', key: 'shippings' },
    single: () => '/api/shippings/1',
    idField: 'shipping_id',
  },
  {
    seed: 'Statuses',
    collection: () => '/api/statuses',
    shape: { kind: 'wrapped', key: 'statuses' },
    single: () => `/api/statuses/${ids.status}`,
    idField: 'status_id',
  },
  {
    seed: 'Stores',
    collection: () => '/api/stores',
    shape: { kind: 'wrapped', key: 'stores' },
    single: () => `/api/stores/${ids.store}`,
    idField: 'company_id',
  },
  {
    seed: 'Taxes',
    collection: () => '/api/taxes',
    shape: { kind: 'wrapped', key: 'taxes' },
    single: () => `/api/taxes/${ids.tax}`,
    idField: 'tax_id',
  },
  {
    seed: 'Users',
    collection: () => '/api/users',
    shape: { kind: 'wrapped', key: 'users' },
    single: () => `/api/users/${ids.customer}`,
    idField: 'user_id',
  },
  {
    seed: 'Usergroups',
    collection: () => '/api/usergroups',
    shape: { kind: 'keyed', by: 'usergroup_id' },
    single: () => `/api/usergroups/${ids.usergroup}`,
    idField: 'usergroup_id',
  },
  {
    seed: 'Vendors',
    collection: () => '/api/vendors',
    shape: { kind: 'wrapped', key: 'vendors' },
    single: () => `/api/vendors/${ids.vendor}`,
    idField: 'company_id',
  },
];

/** The search echo of a paged collection: `params` and `search`, `total_items` an integer. */
function expectEcho(body: Record<string, unknown>): void {
  for (const echo of ['params', 'search'] as const) {
    expect(typeof body[echo]).toBe('object');
    expect(Number.isInteger((body[echo] as Record<string, unknown>).total_items)).toBe(true);
  }
}

function expectShape(json: unknown, shape: Shape): unknown[] {
  switch (shape.kind) {
    case 'list':
      expect(Array.isArray(json)).toBe(true);
      return json as unknown[];
    case 'keyed': {
      const keyed = shape.key ? (json as Record<string, unknown>)[shape.key] : json;
      if (shape.key) expectEcho(json as Record<string, unknown>);
      else expect(json).not.toHaveProperty('params');
      expect(keyed !== null && typeof keyed === 'object' && !Array.isArray(keyed)).toBe(true);
      const entries = Object.entries(keyed as Record<string, Record<string, unknown>>);
      expect(entries.length).toBeGreaterThan(0);
      // Every value sits under its own id: no wrapper, no params.
      for (const [key, value] of entries) expect(String(value[shape.by])).toBe(key);
      return entries.map(([, value]) => value);
    }
    case 'wrapped': {
      const body = json as Record<string, unknown>;
      expect(Array.isArray(body[shape.key]), `${shape.key} is a list`).toBe(true);
      expectEcho(body);
      return body[shape.key] as unknown[];
    }
    case 'none':
      return [];
  }
}

describe('the service’s entity list, walked', () => {
  it.each(WALK.map((entity) => [entity.seed, entity] as const))(
    '%s answers with its collection shape and its single object',
    async (_seed, entity) => {
      const collection = await api('GET', entity.collection());
      expectStatus(collection, 200);
      const rows = expectShape(collection.json, entity.shape);
      for (const row of rows) expect(typeof row, 'every row is an object').toBe('object');
      if (!entity.single) return;
      const single = await api('GET', entity.single());
      expectStatus(single, 200);
      // The object asked for, not just some object: its id is the path's last segment.
      const path = entity.single();
      expect(String(single.json[entity.idField!]), entity.idField).toBe(
        decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)),
      );
    },
  );
});

/**
 * The recording itself as a fixture (test/support/recording.ts): for every entity section of
 * `../shared/cscart-entities.md` that records answer types, the same kind of object is read here over HTTP
 * and compared key path by key path, nested lists and objects included (test/support/recorded-types.ts).
 */
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
