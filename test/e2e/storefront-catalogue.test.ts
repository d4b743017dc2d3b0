/**
 * The storefront catalogue over real HTTP (CS-Cart's storefront add-on: sra_products, sra_categories; SPEC §11):
 * what a guest and a customer may see (hidden, disabled, a closed store, a usergroup-restricted category — never
 * shown, whatever the filters), prices by usergroup and quantity, facets and features_hash, the caching headers,
 * and hostile query values (a 4xx, never a 500). Also the administration side it needs: a category's
 * `usergroup_ids` and a product's `prices`, written and read back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { productWithOptions } from '../support/catalog.js';
import { createCompany, createGroup, expectError, expectStatus, uid } from '../support/fixtures.js';
import { type Auth, api } from '../support/http.js';
import { type Guest, signedInCustomer, storefrontGuest } from '../support/shoppers.js';

const PRODUCTS = '/api/4.0/sra_products';
const CATEGORIES = '/api/4.0/sra_categories';

let guest: Guest;
let member: Auth;
let registered: Auth;
let word: string;
let group: number;
const ids: Record<string, number> = {};
const cats: Record<string, number> = {};
let colour: number;
let red: number;
let blue: number;

async function post(path: string, body: object): Promise<number> {
  const response = await api('POST', path, { body });
  expectStatus(response, 201);
  return Number(Object.values(response.json as object)[0]);
}

/** A customer (in `groupId` when given), signed in at /api/4.0/auth_tokens (test/support/shoppers.ts). */
const signedIn = async (groupId?: number): Promise<Auth> => (await signedInCustomer({}, groupId)).auth;

const listIds = (body: { products: Array<{ product_id: string }> }) =>
  body.products.map((p) => Number(p.product_id)).sort((a, b) => a - b);

async function seen(query: string, auth: typeof guest | { auth: Auth } = guest): Promise<number[]> {
  const response = await api('GET', `${PRODUCTS}?q=${word}&items_per_page=100${query}`, auth);
  expectStatus(response, 200);
  return listIds(response.json);
}

beforeAll(async () => {
  guest = await storefrontGuest();
  word = `zq${uid()
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}`;
  group = await createGroup({ type: 'C', status: 'A' });
  const store = await createCompany();
  const closed = await createCompany();
  cats.open = await post('/api/categories', { category: `Open ${word}`, company_id: store });
  cats.child = await post('/api/categories', { category: `Child ${word}`, company_id: store, parent_id: cats.open });
  cats.members = await post('/api/categories', {
    category: `Members ${word}`,
    company_id: store,
    usergroup_ids: [group],
  });
  cats.off = await post('/api/categories', { category: `Off ${word}`, company_id: store, status: 'D' });
  cats.hidden = await post('/api/categories', { category: `Hidden ${word}`, company_id: store, status: 'H' });
  cats.closed = await post('/api/categories', { category: `Closed ${word}`, company_id: closed });
  colour = await post('/api/features', {
    description: `Colour ${word}`,
    feature_type: 'S',
    company_id: store,
    variants: [{ variant: 'Red' }, { variant: 'Blue' }],
  });
  const feature = await api('GET', `/api/features/${colour}`);
  const variants = Object.values(feature.json.variants) as Array<{ variant_id: string; variant: string }>;
  red = Number(variants.find((v) => v.variant === 'Red')!.variant_id);
  blue = Number(variants.find((v) => v.variant === 'Blue')!.variant_id);
  const product = (name: string, fields: object) =>
    post('/api/products', { product: `${name} ${word}`, price: '19.99', amount: 5, company_id: store, ...fields });
  ids.red = await product('Red', { category_ids: [cats.open], product_features: { [colour]: red } });
  ids.blue = await product('Blue', { category_ids: [cats.child], product_features: { [colour]: blue } });
  ids.hidden = await product('Hidden', { category_ids: [cats.open], status: 'H' });
  ids.disabled = await product('Disabled', { category_ids: [cats.open], status: 'D' });
  ids.members = await product('Members', { category_ids: [cats.members] });
  ids.off = await product('Off', { category_ids: [cats.off] });
  ids.inHidden = await product('InHidden', { category_ids: [cats.hidden] });
  ids.closed = await product('Closed', { category_ids: [cats.closed], company_id: closed });
  // In several categories: one visible to everyone, or none (members-only and disabled).
  ids.shared = await product('Shared', { category_ids: [cats.members, cats.open] });
  ids.unshared = await product('Unshared', { category_ids: [cats.members, cats.off] });
  ids.tiered = await product('Tiered', {
    category_ids: [cats.open],
    prices: [
      { lower_limit: 10, usergroup_id: 0, price: '15.00' },
      { lower_limit: 1, usergroup_id: group, price: '12.50' },
    ],
  });
  expectStatus(await api('PUT', `/api/stores/${closed}`, { body: { status: 'D' } }), 200);
  member = await signedIn(group);
  registered = await signedIn();
}, 180_000);

describe('the administration side: usergroup_ids and prices', () => {
  it('a category keeps its usergroup_ids (CS-Cart text), checked; a product its price rows', async () => {
    const category = await api('GET', `/api/categories/${cats.members}`);
    expect(category.json.usergroup_ids).toBe(String(group));
    expectStatus(await api('PUT', `/api/categories/${cats.members}`, { body: { usergroup_ids: `0,${group}` } }), 200);
    expect((await api('GET', `/api/categories/${cats.members}`)).json.usergroup_ids).toBe(`0,${group}`);
    expectStatus(await api('PUT', `/api/categories/${cats.members}`, { body: { usergroup_ids: [group] } }), 200);
    expect((await api('GET', `/api/categories/${cats.open}`)).json.usergroup_ids).toBe('0');
    expectError(await api('PUT', `/api/categories/${cats.members}`, { body: { usergroup_ids: [999999] } }), 400);
    const refused = await api('PUT', `/api/categories/${cats.members}`, { body: { usergroup_ids: 'x' } });
    expectError(refused, 400);
    expect(refused.json.message).toContain('usergroup_ids');
    expect((await api('GET', `/api/categories/${cats.members}`)).json.usergroup_ids).toBe(String(group));

    const tiered = await api('GET', `/api/products/${ids.tiered}`);
    expect(tiered.json.prices).toEqual([
      {
        product_id: String(ids.tiered),
        lower_limit: '1',
        usergroup_id: '0',
        percentage_discount: '0.00',
        price: '19.99',
      },
      {
        product_id: String(ids.tiered),
        lower_limit: '1',
        usergroup_id: String(group),
        percentage_discount: '0.00',
        price: '12.50',
      },
      {
        product_id: String(ids.tiered),
        lower_limit: '10',
        usergroup_id: '0',
        percentage_discount: '0.00',
        price: '15.00',
      },
    ]);
    for (const prices of [
      [{ lower_limit: 0, price: '1' }],
      [{ lower_limit: 2, price: '-1' }],
      'x',
      [{ lower_limit: 2, usergroup_id: 999999, price: '1' }],
    ]) {
      const bad = await api('PUT', `/api/products/${ids.tiered}`, { body: { prices } });
      expectError(bad, 400);
      expect(bad.json.message).toContain('prices');
    }
    expect((await api('GET', `/api/products/${ids.tiered}`)).json.prices).toHaveLength(3);
  }, 60_000);
});

describe('sra_products: what a shopper may see', () => {
  it('a guest lists active products of open stores outside hidden categories, whatever the filters', async () => {
    const visible = [ids.red!, ids.blue!, ids.inHidden!, ids.tiered!, ids.shared!].sort((a, b) => a - b);
    expect(await seen('')).toEqual(visible);
    for (const filter of [
      '&status=D',
      '&status=H',
      `&cid=${cats.members}`,
      `&cid=${cats.off}`,
      `&pid=${ids.disabled},${ids.closed},${ids.members}`,
      '&company_ids=' + [1, 2, 3].join(','),
    ]) {
      const shown = await seen(filter);
      for (const id of [ids.hidden, ids.disabled, ids.members, ids.off, ids.closed, ids.unshared])
        expect(shown, filter).not.toContain(id);
    }
    const inOpen = [ids.red, ids.blue, ids.tiered, ids.shared].sort((a, b) => a! - b!);
    expect(await seen(`&cid=${cats.open}`)).toEqual(inOpen);
    expect(await seen(`&cid=${cats.open}&subcats=N`)).toEqual(
      [ids.red, ids.tiered, ids.shared].sort((a, b) => a! - b!),
    );
    const nested = await api('GET', `/api/4.0/categories/${cats.open}/sra_products?q=${word}`, guest);
    expectStatus(nested, 200);
    expect(listIds(nested.json)).toEqual(inOpen);
    expectStatus(await api('GET', `/api/4.0/categories/${cats.members}/sra_products`, guest), 404);
    expectStatus(await api('GET', `/api/4.0/categories/${cats.off}/sra_products`, guest), 404);
  }, 60_000);

  it('a single product: hidden (H) by id, the others a 404; a member of the group sees its category', async () => {
    const hidden = await api('GET', `${PRODUCTS}/${ids.hidden}`, guest);
    expectStatus(hidden, 200);
    expect(hidden.json.product_id).toBe(ids.hidden);
    expect(hidden.json.price_formatted).toEqual({ price: '$19.99', symbol: '$' });
    for (const id of [ids.disabled, ids.members, ids.off, ids.closed, 999999999])
      expectStatus(await api('GET', `${PRODUCTS}/${id}`, guest), 404);
    expectStatus(await api('GET', `${PRODUCTS}/${ids.members}`, { auth: registered }), 404);
    expectStatus(await api('GET', `${PRODUCTS}/${ids.members}`, { auth: member }), 200);
    expect(await seen('', { auth: member })).toContain(ids.members);
    expect(await seen('', { auth: registered })).not.toContain(ids.members);
  }, 60_000);

  it('a product in several categories shows while one of them is visible, as CS-Cart joins its categories', async () => {
    // Listed and read by a guest through its open category, though its other one is for members only.
    expect(await seen('')).toContain(ids.shared);
    expect(await seen('&sort_by=price')).toContain(ids.shared);
    expectStatus(await api('GET', `${PRODUCTS}/${ids.shared}`, guest), 200);
    // Members-only and disabled: nothing visible to a guest or a registered customer; a member sees it.
    expect(await seen('')).not.toContain(ids.unshared);
    expect(await seen('', { auth: registered })).not.toContain(ids.unshared);
    expectStatus(await api('GET', `${PRODUCTS}/${ids.unshared}`, guest), 404);
    expect(await seen('', { auth: member })).toEqual(expect.arrayContaining([ids.shared, ids.unshared]));
    expectStatus(await api('GET', `${PRODUCTS}/${ids.unshared}`, { auth: member }), 200);
    const total = await api('GET', `${PRODUCTS}?q=${word}&items_per_page=1`, guest);
    expect(total.json.params.total_items).toBe(5);
  }, 60_000);

  it('options, and a picked combination (selected_options) with its code and stock; a wrong pick is a 400', async () => {
    const { productId, options } = await productWithOptions();
    const [color, size] = options as [{ id: number; variants: string[] }, { id: number; variants: string[] }];
    const combination = { [color.id]: color.variants[0], [size.id]: size.variants[1] };
    expectStatus(
      await api('POST', '/api/combinations', {
        body: { product_id: productId, combination, amount: 3, product_code: `PICK-${word}` },
      }),
      201,
    );
    const plain = await api('GET', `${PRODUCTS}/${productId}`, guest);
    expectStatus(plain, 200);
    expect(Object.keys(plain.json.product_options).sort()).toEqual([String(color.id), String(size.id)].sort());
    expect(plain.json.has_options).toBe(true);
    const pick = `selected_options[${color.id}]=${color.variants[0]}&selected_options[${size.id}]=${size.variants[1]}`;
    const picked = await api('GET', `${PRODUCTS}/${productId}?${pick}`, guest);
    expectStatus(picked, 200);
    expect(picked.json).toMatchObject({ product_code: `PICK-${word}`, amount: '3', selected_options: combination });
    for (const wrong of [
      `selected_options[${color.id}]=999999999`,
      'selected_options[999999999]=1',
      `selected_options[${color.id}]=x`,
    ]) {
      const refused = await api('GET', `${PRODUCTS}/${productId}?${wrong}`, guest);
      expectError(refused, 400);
      expect(refused.json.message).toContain('selected_options');
    }
  }, 60_000);

  it("prices: the shopper's usergroup price, the quantity price with amount=N", async () => {
    const priceOf = async (auth: typeof guest | { auth: Auth }, query = '') => {
      const response = await api('GET', `${PRODUCTS}/${ids.tiered}${query}`, auth);
      expectStatus(response, 200);
      return response.json.price;
    };
    expect(await priceOf(guest)).toBe('19.99');
    expect(await priceOf(guest, '?amount=10')).toBe('15.00');
    expect(await priceOf({ auth: member })).toBe('12.50');
    expect(await priceOf({ auth: registered }, '?amount=9')).toBe('19.99');
    const listed = await api('GET', `${PRODUCTS}?q=${word}&pid=${ids.tiered}&amount=12`, { auth: member });
    expect(listed.json.products[0].price).toBe('12.50');
    expect(listed.json.products[0].price_formatted).toEqual({ price: '$12.50', symbol: '$' });
  }, 60_000);

  it('cid of a category the shopper may not open shows nothing, whatever else the query says', async () => {
    // `shared` is also in an open category, yet never shown through the members-only one (CS-Cart joins cid to
    // the categories the shopper sees); a member sees both through it.
    for (const query of [
      `&cid=${cats.members}`,
      `&cid=${cats.members}&subcats=N`,
      `&cid=${cats.members}&pid=${ids.shared}`,
      `&cid=${cats.members}&sort_by=price&price_to=100`,
      `&cid=${cats.off}&company_ids=${ids.red}`,
      `&cid=${cats.closed}`,
      '&cid=999999999',
    ])
      expect(await seen(query), query).toEqual([]);
    expect(await seen(`&cid=${cats.members}`, { auth: registered })).toEqual([]);
    expect(await seen(`&cid=${cats.members}`, { auth: member })).toEqual(
      [ids.members, ids.shared, ids.unshared].sort((a, b) => a! - b!),
    );
    expect(await seen(`&cid=${cats.hidden}`)).toEqual([ids.inHidden]);
  }, 60_000);

  it("price_from, price_to and sort_by=price judge the shopper's price (usergroup and quantity rows)", async () => {
    const asMember = { auth: member };
    // The member's usergroup price (12.50) is below the range's top; a guest's and a registered customer's 19.99 not.
    expect(await seen('&price_to=13', asMember)).toEqual([ids.tiered]);
    expect(await seen('&price_to=13')).toEqual([]);
    expect(await seen('&price_to=13', { auth: registered })).toEqual([]);
    expect(await seen('&price_from=13&price_to=12.50', asMember)).toEqual([]);
    expect(await seen('&price_from=12.50&price_to=12.50', asMember)).toEqual([ids.tiered]);
    // From 13 on: every product but the member's cheap one; for a guest it is among them.
    const member19 = [ids.red, ids.blue, ids.inHidden, ids.shared, ids.members, ids.unshared].sort((a, b) => a! - b!);
    expect(await seen('&price_from=13', asMember)).toEqual(member19);
    expect(await seen('&price_from=13')).toContain(ids.tiered);
    // The quantity row (15.00 from 10 items) counts at amount=10, for everyone.
    expect(await seen('&price_to=16&amount=10')).toEqual([ids.tiered]);
    expect(await seen('&price_to=16')).toEqual([]);
    const total = await api('GET', `${PRODUCTS}?q=${word}&price_to=13&items_per_page=1`, asMember);
    expect(total.json.params.total_items).toBe(1);

    // Sorted by price: the member's cheap product first (last descending), page by page; a guest's by its 19.99.
    const order = async (query: string, auth: typeof guest | { auth: Auth }) => {
      const shown: number[] = [];
      for (let page = 1; page <= 4; page++) {
        const response = await api(
          'GET',
          `${PRODUCTS}?q=${word}&sort_by=price${query}&items_per_page=2&page=${page}`,
          auth,
        );
        expectStatus(response, 200);
        expect(response.json.params.total_items).toBe(auth === guest ? 5 : 7);
        shown.push(...response.json.products.map((p: { product_id: string }) => Number(p.product_id)));
      }
      return shown;
    };
    const ascending = await order('', asMember);
    expect(ascending).toHaveLength(7);
    expect(ascending[0]).toBe(ids.tiered);
    expect(new Set(ascending)).toEqual(new Set([ids.tiered, ...member19]));
    const descending = await order('&sort_order=desc', asMember);
    expect(descending.at(-1)).toBe(ids.tiered);
    expect(new Set(descending)).toEqual(new Set(ascending));
    const firstPage = await api('GET', `${PRODUCTS}?q=${word}&sort_by=price&items_per_page=1`, asMember);
    expect(firstPage.json.products[0].price).toBe('12.50');
    expect(await order('', guest)).toHaveLength(5);
  }, 90_000);

  it('get_filters answers facets with product counts; features_hash selects', async () => {
    const response = await api('GET', `${PRODUCTS}?q=${word}&get_filters=true`, guest);
    expectStatus(response, 200);
    const filter = response.json.filters.find((f: { filter_id: string }) => f.filter_id === String(colour));
    expect(filter).toMatchObject({ feature_id: String(colour), filter_style: 'checkbox', field_type: 'F' });
    expect(filter.variants.map((v: object) => ({ ...v, selected: undefined }))).toEqual([
      { variant_id: String(red), variant: 'Red', product_count: 1, selected: undefined },
      { variant_id: String(blue), variant: 'Blue', product_count: 1, selected: undefined },
    ]);
    const price = response.json.filters.find((f: { field_type: string }) => f.field_type === 'P');
    expect(price).toMatchObject({ min: '19.99', max: '19.99', filter_style: 'slider' });
    expect(await seen(`&features_hash=${colour}-${red}`)).toEqual([ids.red]);
    expect(await seen(`&features_hash=${colour}-${red}-${blue}`)).toEqual([ids.red, ids.blue].sort((a, b) => a! - b!));
  }, 60_000);
});

describe('sra_categories', () => {
  it('lists the visible tree; a hidden category by id; get_subcategories', async () => {
    const listed = await api('GET', `${CATEGORIES}?items_per_page=250&category=${word}`, guest);
    expectStatus(listed, 200);
    const shown = listed.json.categories.map((c: { category_id: string }) => Number(c.category_id));
    expect(shown).toContain(cats.open);
    for (const id of [cats.members, cats.off, cats.hidden, cats.closed]) expect(shown).not.toContain(id);
    const forMember = await api('GET', `${CATEGORIES}?items_per_page=250&category=${word}`, { auth: member });
    expect(forMember.json.categories.map((c: { category_id: string }) => Number(c.category_id))).toContain(
      cats.members,
    );
    expectStatus(await api('GET', `${CATEGORIES}/${cats.hidden}`, guest), 200);
    for (const id of [cats.members, cats.off, cats.closed])
      expectStatus(await api('GET', `${CATEGORIES}/${id}`, guest), 404);
    const tree = await api('GET', `${CATEGORIES}/${cats.open}?get_subcategories=Y`, guest);
    expect(tree.json.subcategories.map((c: { category_id: string }) => Number(c.category_id))).toEqual([cats.child]);
  }, 60_000);
});

describe('caching', () => {
  it("a guest's answers are public with an ETag (304 on If-None-Match); a customer's private", async () => {
    const first = await api('GET', `${PRODUCTS}?q=${word}`, guest);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await api('GET', `${PRODUCTS}?q=${word}`, {
      ...guest,
      headers: { ...guest.headers, 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const single = await api('GET', `${CATEGORIES}/${cats.open}`, guest);
    expect(single.headers.get('cache-control')).toBe('public, max-age=60');
    const mine = await api('GET', `${PRODUCTS}?q=${word}`, { auth: member });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await api('GET', `${PRODUCTS}/999999999`, { auth: member })).headers.get('cache-control')).toBe(
      'private, no-store',
    );
  }, 60_000);
});

describe('hostile or odd queries', () => {
  it('a 400 naming the field, never a 500; items_per_page=500 is 250', async () => {
    const big = await api('GET', `${PRODUCTS}?items_per_page=500&q=${word}`, guest);
    expectStatus(big, 200);
    expect(big.json.params.items_per_page).toBe(250);
    for (const [query, field] of [
      ['items_per_page=abc', 'items_per_page'],
      ['features_hash=1-x', 'features_hash'],
      ['amount=-1', 'amount'],
      ['company_ids=a,b', 'company_ids'],
      ['price_from=abc', 'price_from'],
      ['vendor_products_by_product_id=x', 'vendor_products_by_product_id'],
    ]) {
      const response = await api('GET', `${PRODUCTS}?${query}`, guest);
      expectError(response, 400);
      expect(response.json.message, query).toContain(field);
    }
    for (const path of [`${PRODUCTS}/abc`, `${PRODUCTS}/-1`, `${CATEGORIES}/%00`])
      expectStatus(await api('GET', path, guest), 404);
    expectStatus(await api('GET', PRODUCTS, { auth: null }), 401);
    const offers = await api('GET', `${PRODUCTS}?vendor_products_by_product_id=${ids.red}`, guest);
    expectStatus(offers, 200);
    expect(offers.json.products).toEqual([]);
  }, 60_000);
});
