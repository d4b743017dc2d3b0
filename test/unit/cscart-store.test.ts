/**
 * The CS-Cart double (test/support/cscart-store/) answers as the recorded CS-Cart 4.20.1 does: every entity's list
 * rows and single objects carry the recording's keys in the recording's JSON types, the wrappers and `params` are
 * the recording's per paging style, paging covers every record once and past the end repeats the last page (or
 * answers an empty one), and the server refuses bad credentials and misbehaves exactly as told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, parseRoute, type Query } from '../support/cscart-store/answers.js';
import { COLLECTIONS } from '../support/cscart-store/collections.js';
import { ENTITY_NAMES, generateStore, oddIds } from '../support/cscart-store/generate.js';
import { slicePage } from '../support/cscart-store/paging.js';
import { type CsCartStore, startCsCartStore } from '../support/cscart-store/server.js';
import { fieldDifferences, matchesType } from '../support/recorded-types.js';
import { type RecordedSection, recordedSections } from '../support/recording.js';

const data = generateStore({ products: 60, bad: true });
const sections = recordedSections();
const get = (path: string, query: Query = {}, pastEnd: 'repeat' | 'empty' = 'repeat') => {
  const route = parseRoute(path);
  if (!route || route === 'version') throw new Error(`no route ${path}`);
  return answer(data, route, query, pastEnd, 1_750_000_000);
};
const body = (path: string, query: Query = {}) => get(path, query).body as Record<string, unknown>;

/** Every entity with a field table in the recording, with the query its collection needs. */
const LISTED = ENTITY_NAMES.filter((name) => sections.get(COLLECTIONS[name].section)?.fields.length);
const NEEDS: Partial<Record<string, Query>> = { users: { user_type: 'C' }, exceptions: { product_id: '' } };

/**
 * The recording's `product_features` example is a brand, whose `value_int` is null; a number feature's is its number
 * (CS-Cart's decimal string), which the double sends for its number feature.
 */
const differencesOf = (section: RecordedSection, view: 'list' | 'single', row: Record<string, unknown>) =>
  fieldDifferences(section, section.fields, view, row).filter(
    (d) => !/^product_features\{31\}\.value_int: recorded null, ours "\d+"$/.test(d),
  );

function listRows(entity: (typeof ENTITY_NAMES)[number]): Record<string, unknown>[] {
  const query: Query = { ...NEEDS[entity], items_per_page: '250' };
  if (entity === 'exceptions') query.product_id = String([...data.tables.get('exceptions')!.values()][0]!.product_id);
  const answered = get(`/api/${entity}`, query).body;
  const wrapper = COLLECTIONS[entity].wrapper;
  if (wrapper.kind === 'bare-list') return answered as Record<string, unknown>[];
  const inner = (answered as Record<string, unknown>)[wrapper.kind === 'bare-keyed' ? '' : wrapper.key];
  return (Array.isArray(inner) ? inner : Object.values(inner as object)) as Record<string, unknown>[];
}

describe('the generated store', () => {
  it('is the same for the same options, with odd ids, deleted products in orders and the bad records listed', () => {
    expect(JSON.stringify([...generateStore({ products: 60, bad: true }).tables])).toBe(
      JSON.stringify([...data.tables]),
    );
    expect(oddIds(12, 6)).toEqual([12, 13, 15, 16, 17, 19]);
    expect(data.tables.get('products')!.size).toBe(60);
    const lines = [...data.tables.get('orders')!.values()].flatMap((order) => Object.values(order.products as object));
    const deletedLines = lines.filter((line) => line.deleted_product === true);
    expect(deletedLines.length).toBeGreaterThan(0);
    for (const line of deletedLines) expect(data.tables.get('products')!.has(line.product_id)).toBe(false);
    expect(data.bad.map((record) => record.entity).sort()).toEqual(['products', 'products', 'users']);
    expect(data.tables.get('products')!.get(data.bad[0]!.id)!.price).toBe('abc');
    expect(data.tables.get('users')!.get('1')!.email).toBe('admin@cscart.example');
    expect(generateStore({ email: 'owner@shop.example' }).tables.get('users')!.get('1')!.email).toBe(
      'owner@shop.example',
    );
  });
});

describe('answers in the recording’s shapes', () => {
  for (const entity of LISTED) {
    const section = sections.get(COLLECTIONS[entity].section)!;
    it(`${entity}: list rows and the single object carry the recording's keys and JSON types`, () => {
      const rows = listRows(entity);
      expect(rows.length).toBeGreaterThan(0);
      const clean = rows.filter(
        (row) => !data.bad.some((bad) => bad.entity === entity && String(row[COLLECTIONS[entity].idField]) === bad.id),
      );
      for (const row of clean) expect(differencesOf(section, 'list', row)).toEqual([]);
      const id = String(clean[0]![COLLECTIONS[entity].idField]);
      const one = body(`/api/${entity}/${id}`);
      expect(differencesOf(section, 'single', one)).toEqual([]);
    });
  }

  it('paged lists echo params in each style: SQL total_items a string, array_slice items_per_page a string, groups all ints', () => {
    const products = body('/api/products', { items_per_page: '7', page: '2' }).params as Record<string, unknown>;
    expect(products).toMatchObject({ page: 2, items_per_page: 7, total_items: '60' });
    for (const [key, type] of sections.get('products')!.params!)
      if (key in products && !['extend', 'sort_by', 'sort_order', 'sort_order_rev'].includes(key))
        expect(matchesType(type, products[key]), key).toBe(true);
    expect(body('/api/taxes').params).toEqual({ items_per_page: '50', page: 1, total_items: 1 });
    expect(body('/api/statuses', { items_per_page: '2', page: '1' }).params).toEqual({
      items_per_page: '2',
      page: '1',
      total_items: 8,
    });
    expect(body('/api/product_variations_groups', { items_per_page: '1' }).params).toEqual({
      items_per_page: 1,
      page: 1,
      total_items: 3,
    });
    expect((body('/api/langvars').params as Record<string, unknown>).total_items).toBe(2);
  });

  it('wraps as CS-Cart does: languages keyed by code, usergroups and a product’s options bare keyed objects, blocks and exceptions bare lists', () => {
    expect(Object.keys(body('/api/languages').languages as object)).toEqual(['en', 'fr']);
    expect(body('/api/usergroups')).toMatchObject({
      '3': { usergroup_id: '3', type: 'C', status: 'A', usergroup: 'Wholesale' },
    });
    expect(Array.isArray(get('/api/blocks').body)).toBe(true);
    const withOptions = [...data.tables.get('options')!.values()].find((option) => option.product_id !== '0')!;
    const options = body('/api/options', { product_id: String(withOptions.product_id) });
    expect(Object.keys(options)).toContain(String(withOptions.option_id));
    expect(Array.isArray(get('/api/exceptions', { product_id: String(withOptions.product_id) }).body)).toBe(true);
    expect(get('/api/exceptions', { product_id: '12' }).status).toBe(404);
    expect(get('/api/exceptions').status).toBe(400);
    expect(get('/api/users').body).toMatchObject({
      message: 'Bad Request: The user_type field is required',
      status: 400,
    });
    expect(body('/api/users/2/usergroups')).toEqual({ '5': { link_id: '1', usergroup_id: '5', status: 'A' } });
    expect(get('/api/languages', { lang_code: 'fr' }).body).toMatchObject({ lang_code: 'fr', lang_id: '3' });
    // `variants=true` puts each feature's variants into its list row, as CS-Cart's features index() does.
    const features = body('/api/features', { variants: 'true' }).features as Record<string, unknown>[];
    expect(Object.keys(features.find((feature) => feature.feature_id === '18')!.variants as object)).toEqual([
      '86',
      '87',
      '88',
    ]);
    expect((body('/api/features').features as Record<string, unknown>[])[0]).not.toHaveProperty('variants');
  });

  it('answers an absent id as CS-Cart: 404 mostly, an empty users list, an all-null store, a payment stub', () => {
    expect(get('/api/products/11').status).toBe(404);
    expect(body('/api/users/999999')).toMatchObject({ users: [] });
    expect(body('/api/stores/999').company_id).toBeNull();
    expect(body('/api/payments/999')).toEqual({ storefront_ids: '', company_id: 1, storefront_owner_id: 1 });
  });

  it('serves the nested lists: a product’s features with its values, its reviews, a category’s products, a group’s variations', () => {
    const product = [...data.tables.get('products')!.values()][0]!;
    const features = body(`/api/products/${product.product_id}/features`).features as Record<string, unknown>[];
    expect(features.map((feature) => feature.feature_id).sort()).toEqual(['18', '23', '31']);
    expect(features.find((feature) => feature.feature_id === '18')!.variant_id).toBe(
      (product.product_features as Record<string, Record<string, unknown>>)['18']!.variant_id,
    );
    const posts = body(`/api/products/${product.product_id}/discussions`).discussions as Record<string, unknown>[];
    expect(posts.every((post) => post.object_id === product.product_id && post.object_type === 'P')).toBe(true);
    expect(posts.length).toBe(1);
    const category = String((product.category_ids as string[])[0]);
    const inCategory = body(`/api/categories/${category}/products`, { items_per_page: '250' }).products as Record<
      string,
      unknown
    >[];
    expect(inCategory.map((row) => row.product_id)).toContain(product.product_id);
    const variations = body('/api/product_variations_groups/10/product_variations').products as Record<
      string,
      unknown
    >[];
    expect(variations.map((row) => row.product_id).sort()).toEqual(['12', '13']);
    expect(body('/api/stores/1/orders', { items_per_page: '1' }).orders).toHaveLength(1);
  });
});

describe('paging', () => {
  it('covers every record exactly once at any page size, in CS-Cart’s default order', () => {
    for (const size of [1, 7, 50, 250]) {
      const seen: string[] = [];
      const total = Number(
        (body('/api/products', { items_per_page: String(size) }).params as Record<string, string>).total_items,
      );
      for (let page = 1; seen.length < total; page++)
        seen.push(
          ...(
            body('/api/products', { items_per_page: String(size), page: String(page) }).products as Record<
              string,
              string
            >[]
          ).map((row) => row.product_id!),
        );
      expect(new Set(seen).size).toBe(60);
      expect(seen).toHaveLength(60);
    }
    const orders = body('/api/orders', { items_per_page: '250' }).orders as Record<string, string>[];
    const times = orders.map((order) => Number(order.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('past the last page repeats it (CS-Cart) or answers an empty page, as configured', () => {
    expect(slicePage([1, 2, 3, 4, 5], { page: '9', itemsPerPage: '2' }, 'repeat')).toMatchObject({
      items: [5],
      page: 3,
    });
    expect(slicePage([1, 2, 3, 4, 5], { page: '9', itemsPerPage: '2' }, 'empty').items).toEqual([]);
    expect(slicePage([1, 2, 3], {}, 'repeat')).toMatchObject({ items: [1, 2, 3], itemsPerPage: 50, page: 1 });
    const last = get('/api/products', { items_per_page: '50', page: '2' }).body;
    expect(get('/api/products', { items_per_page: '50', page: '3' }).body).toEqual(last);
    expect(
      (get('/api/products', { items_per_page: '50', page: '3' }, 'empty').body as Record<string, unknown>).products,
    ).toEqual([]);
  });

  it('filters what an import asks for: orders updated since a time, products updated in the last hours, a status type', () => {
    const all = [...data.tables.get('orders')!.values()];
    const cut = Number(all[5]!.updated_at);
    const since = body('/api/orders', { updated_at_from: String(cut), items_per_page: '250' }).orders as Record<
      string,
      string
    >[];
    expect(since.map((order) => order.order_id).sort()).toEqual(
      all
        .filter((o) => Number(o.updated_at) >= cut)
        .map((o) => o.order_id)
        .sort(),
    );
    expect((body('/api/products', { updated_in_hours: '0.5' }).params as Record<string, string>).total_items).toBe(
      '30',
    );
    expect((body('/api/statuses', { type: 'S' }).statuses as Record<string, string>[]).map((s) => s.status)).toEqual([
      'S',
    ]);
  });
});

describe('the server', () => {
  let store: CsCartStore;
  beforeAll(async () => {
    store = await startCsCartStore({ products: 12 });
  });
  afterAll(() => store.close());
  const fetchAs = (path: string, auth = `${store.email}:${store.key}`) =>
    fetch(`${store.url}${path}`, { headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}` } });

  it('needs the administrator’s e-mail and API key, as CS-Cart: 401 with its realm otherwise', async () => {
    const refused = await fetchAs('/api/products', `${store.email}:wrong`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Basic realm="User email/API key"');
    expect(await refused.json()).toEqual({ message: 'Unauthorized', status: 401 });
    expect((await fetch(`${store.url}/api/products`)).status).toBe(401);
    const ok = await fetchAs('/api/2.0/products?items_per_page=2');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { products: unknown[] }).products).toHaveLength(2);
    expect(await (await fetchAs('/api/version')).json()).toEqual({ Version: '2.1' });
    expect((await fetchAs('/api/combinations')).status).toBe(404);
  });

  it('misbehaves as told, then recovers: 500 once, 429 with Retry-After, HTML instead of JSON, a dropped connection', async () => {
    store.fail({ entity: 'products', page: 2, kind: '500' });
    store.fail({ entity: 'orders', kind: '429', retryAfter: 3 });
    store.fail({ entity: 'users', kind: 'html' });
    store.fail({ entity: 'categories', kind: 'drop' });
    expect((await fetchAs('/api/products?page=1')).status).toBe(200);
    const failed = await fetchAs('/api/products?page=2');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetchAs('/api/products?page=2')).status).toBe(200);
    const limited = await fetchAs('/api/orders');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '3']);
    const html = await fetchAs('/api/users?user_type=C');
    expect(html.status).toBe(200);
    await expect(html.json()).rejects.toThrow();
    await expect(fetchAs('/api/categories')).rejects.toThrow();
    expect((await fetchAs('/api/categories')).status).toBe(200);
    expect(
      store.requests.filter((r) => r.path === '/api/products' && r.query.page === '2').map((r) => r.status),
    ).toEqual([500, 200]);
  });

  it('changes, adds and removes records between runs, their change time moving to the time of the change', async () => {
    const [first] = [...store.data.tables.get('products')!.keys()];
    store.change('products', first!, { price: '1.23' }, 1_800_000_000);
    const changed = (await (await fetchAs(`/api/products/${first}`)).json()) as Record<string, unknown>;
    expect([changed.price, changed.updated_timestamp]).toEqual(['1.23', '1800000000']);
    store.add('products', {
      ...store.data.tables.get('products')!.get(first!)!,
      product_id: '5000',
      product: 'New one',
    });
    expect((await fetchAs('/api/products/5000')).status).toBe(200);
    store.remove('products', '5000');
    expect((await fetchAs('/api/products/5000')).status).toBe(404);
  });
});
