import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';
import { USER_SORTS } from '../../lib/entities/users.js';
import type { ScaleWorld } from './scale-world.js';

/**
 * What `npm run bench -- --scale` measures at every size: the lookups clients of this API make, as root and
 * as a vendor (its own company's products and orders; users are root's), and the writes of each kind. Values
 * are chosen so each lookup answers about the same at every size (a SKU, a word of one product in ten, a
 * price band, a recent day), so the read units should stay flat when the store grows.
 */

export type Entity = 'products' | 'orders' | 'users' | 'sra_products';

export interface Lookup {
  entity: Entity;
  label: string;
  /** Query string values; `variant` makes repetitions look up different objects (exact-SKU ceilings). */
  query(world: ScaleWorld, variant: number): Record<string, string>;
  vendor: boolean;
  /** A storefront page: measured for root, a guest and a signed-in customer (bench/lib/shoppers.ts). */
  storefront?: boolean;
}

const page = { items_per_page: '10' };
/** A larger page, still full for the vendor at the smallest size (its 50 products and orders). */
const widePage = { items_per_page: '40' };
const sku = (i: number) => `BENCH-${String(i).padStart(6, '0')}`;
const daysAgo = (days: number) => String(Math.floor(Date.now() / 1000) - Math.round(days * 86_400));
/**
 * Ranges sized to answer about FILL records at every size (prices run from 1 to 1,000 and dates over a
 * year, evenly): a range is counted by reading it, so a range of a fixed width would answer — and read —
 * more the larger the store. FILL is two pages, so even the vendor's half fills one at the smallest size.
 */
const FILL = 24;
// At least a whole unit: a price's cents follow from its units (product i costs (37i mod 1,000) + 1 + (i mod 100)/100),
// so from 100,000 products on a band narrower than 1.00 may hold none (100.00–100.24 did).
const priceBand = (products: number) => (100 + Math.max(1, (FILL * 1000) / products)).toFixed(2);
const recentDays = (count: number) => (FILL * 365) / count;
/** A `price_to` under which about FILL products are (the cheapest cost 1.00 and up). */
const cheapBand = (products: number) => (1 + Math.max(1, (FILL * 1000) / products)).toFixed(2);
/** Stock runs 1 to 1,000 (product i has 1 + i mod 1,000: each value once per thousand products). */
const stockBand = (products: number) => String(10 + Math.ceil(FILL / Math.max(1, Math.floor(products / 1000))) - 1);

const sortKeys = (def: { storage: { sortRules?: Record<string, unknown> } }) => [
  'id',
  ...Object.keys(def.storage.sortRules ?? {}),
];

export const LOOKUPS: readonly Lookup[] = [
  // Even products are store A's: the vendor's own.
  {
    entity: 'products',
    label: 'pcode=<exact SKU>',
    query: (_, v) => ({ ...page, pcode: sku(2 * (v + 5)) }),
    vendor: true,
  },
  { entity: 'products', label: 'pcode=<prefix of 10>', query: () => ({ ...page, pcode: 'BENCH-00001' }), vendor: true },
  {
    entity: 'products',
    label: 'q=alpha product, match=all',
    query: () => ({ ...page, q: 'alpha product', match: 'all' }),
    vendor: true,
  },
  {
    entity: 'products',
    label: 'q=alpha bravo, match=any',
    query: () => ({ ...page, q: 'alpha bravo', match: 'any' }),
    vendor: true,
  },
  // One word, no match (CS-Cart's default, exact): what a search box sends.
  { entity: 'products', label: 'q=alpha', query: () => ({ ...page, q: 'alpha' }), vendor: true },
  {
    entity: 'products',
    label: 'q=product 1 alpha (exact)',
    query: () => ({ ...page, q: 'product 10 alpha', match: 'exact' }),
    vendor: true,
  },
  {
    entity: 'products',
    label: 'price_from=100&price_to=<~24 products>',
    query: (w) => ({ ...page, price_from: '100', price_to: priceBand(w.products) }),
    vendor: true,
  },
  {
    entity: 'products',
    label: 'amount_from=10&amount_to=<~24 products>',
    query: (w) => ({ ...page, amount_from: '10', amount_to: stockBand(w.products) }),
    vendor: true,
  },
  { entity: 'products', label: 'status=A', query: () => ({ ...page, status: 'A' }), vendor: true },
  {
    entity: 'products',
    label: 'cid=<leaf>',
    query: (w) => ({ ...page, cid: String(w.catalog.categories.leaf) }),
    vendor: true,
  },
  {
    entity: 'products',
    label: 'cid=<top>, subcats=Y',
    query: (w) => ({ ...page, cid: String(w.catalog.categories.top), subcats: 'Y' }),
    vendor: true,
  },
  {
    entity: 'products',
    label: 'company_id=<store A>',
    query: (w) => ({ ...page, company_id: String(w.catalog.storeIds[0]) }),
    vendor: true,
  },
  { entity: 'products', label: 'free_shipping=Y', query: () => ({ ...page, free_shipping: 'Y' }), vendor: true },
  { entity: 'products', label: 'is_edp=Y', query: () => ({ ...page, is_edp: 'Y' }), vendor: true },
  {
    entity: 'products',
    label: 'pid=<3 products>',
    query: (w) => ({ ...page, pid: [2, 4, 6].map((i) => String(w.productId(i))).join(',') }),
    vendor: true,
  },
  {
    entity: 'products',
    label: 'updated_since=<~24 products>',
    query: (w) => ({ ...page, updated_since: daysAgo(recentDays(w.products)), sort_by: 'updated_timestamp' }),
    vendor: true,
  },
  ...sortKeys(productsEntity).flatMap((key): Lookup[] => [
    { entity: 'products', label: `sort_by=${key}`, query: () => ({ ...page, sort_by: key }), vendor: true },
    {
      entity: 'products',
      label: `sort_by=${key} desc`,
      query: () => ({ ...page, sort_by: key, sort_order: 'desc' }),
      vendor: false,
    },
  ]),
  {
    entity: 'products',
    label: 'sort_by=price, 40 per page',
    query: () => ({ ...widePage, sort_by: 'price' }),
    vendor: true,
  },
  {
    entity: 'orders',
    label: 'email=<a customer>',
    query: (w, v) => ({ ...page, email: w.customers.email((v * 7) % w.customers.count) }),
    vendor: true,
  },
  { entity: 'orders', label: 'status=P', query: () => ({ ...page, status: 'P' }), vendor: true },
  {
    entity: 'orders',
    label: 'user_id=<a customer>',
    query: (w, v) => ({ ...page, user_id: String(w.customers.firstId + ((v * 7) % w.customers.count)) }),
    vendor: true,
  },
  {
    entity: 'orders',
    label: 'user_id=<a customer>, newest first',
    query: (w, v) => ({
      ...page,
      user_id: String(w.customers.firstId + ((v * 7) % w.customers.count)),
      sort_by: 'date',
      sort_order: 'desc',
    }),
    vendor: true,
  },
  { entity: 'orders', label: 'period=D (today)', query: () => ({ ...page, period: 'D' }), vendor: true },
  {
    entity: 'orders',
    label: 'period=C, <~24 orders>',
    query: (w) => ({ ...page, period: 'C', time_from: daysAgo(recentDays(w.orders.count)), time_to: daysAgo(0) }),
    vendor: true,
  },
  ...sortKeys(ordersEntity).map(
    (key): Lookup => ({
      entity: 'orders',
      label: `sort_by=${key}`,
      query: () => ({ ...page, sort_by: key }),
      vendor: true,
    }),
  ),
  {
    entity: 'orders',
    label: 'sort_by=date, 40 per page',
    query: () => ({ ...widePage, sort_by: 'date' }),
    vendor: true,
  },
  { entity: 'users', label: 'user_type=C', query: () => ({ ...page, user_type: 'C' }), vendor: false },
  {
    entity: 'users',
    label: 'email=<a customer>',
    query: (w, v) => ({ ...page, user_type: 'C', email: w.customers.email(v * 3) }),
    vendor: false,
  },
  { entity: 'users', label: 'status=D', query: () => ({ ...page, user_type: 'C', status: 'D' }), vendor: false },
  {
    entity: 'users',
    label: 'name=ada lovelace',
    query: () => ({ ...page, user_type: 'C', name: 'ada lovelace 1' }),
    vendor: false,
  },
  // One customer at every size (user 0: "Ada Lovelace 0"), its words each on a tenth of the users: what a name
  // search costs when the answer does not grow with the store (the row above answers 0 at 100, 10 at 10,000).
  {
    entity: 'users',
    label: 'name=ada lovelace 0',
    query: () => ({ ...page, user_type: 'C', name: 'ada lovelace 0' }),
    vendor: false,
  },
  // A company's users, as a vendor's list of them would be (vendors get a 403 on /users today: docs/api.md).
  {
    entity: 'users',
    label: 'name=grace lovelace 2, company_id=<store A>',
    query: (w) => ({ ...page, name: 'grace lovelace 2', company_id: String(w.catalog.storeIds[0]) }),
    vendor: false,
  },
  {
    entity: 'users',
    label: 'phone=555 000001',
    query: () => ({ ...page, user_type: 'C', phone: '555 000001' }),
    vendor: false,
  },
  {
    entity: 'users',
    label: 'company_id=<store A>',
    query: (w) => ({ ...page, user_type: 'C', company_id: String(w.catalog.storeIds[0]) }),
    vendor: false,
  },
  { entity: 'users', label: 'is_root=Y', query: () => ({ ...page, user_type: 'A', is_root: 'Y' }), vendor: false },
  ...USER_SORTS.map(
    (key): Lookup => ({
      entity: 'users',
      label: `sort_by=${key}`,
      query: () => ({ ...page, user_type: 'C', sort_by: key }),
      vendor: false,
    }),
  ),
  {
    entity: 'users',
    label: 'sort_by=type, page 2',
    query: () => ({ ...page, user_type: 'C', sort_by: 'type', page: '2' }),
    vendor: false,
  },
  // A shopper's catalogue pages (sra_products, SPEC §11 "Cost"): the first page, a category page (a leaf holds a
  // quarter of the products), a search; as root (its own storefront account), a guest and a customer.
  { entity: 'sra_products', label: 'catalogue page', query: () => ({ ...page }), vendor: false, storefront: true },
  {
    entity: 'sra_products',
    label: 'cid=<leaf category>',
    query: (w) => ({ ...page, cid: String(w.catalog.categories.leaf), subcats: 'N' }),
    vendor: false,
    storefront: true,
  },
  {
    entity: 'sra_products',
    label: 'q=alpha product, match=all',
    query: () => ({ ...page, q: 'alpha product', match: 'all' }),
    vendor: false,
    storefront: true,
  },
  // The shopper's price range and price sort: the products with quantity or usergroup prices are read (none here:
  // what that read adds to a store without them) before the price partition (lib/operations/storefront/repriced-list.ts).
  // Sized like the other ranges (~FILL products at every size): `price_to=50` answered 5 at 100 and 440 at 10,000, and
  // a range's total_items is counted by reading the range, so its growth was the answer's, not the store's.
  {
    entity: 'sra_products',
    label: 'price_to=<~24 products>, sort_by=price',
    query: (w) => ({ ...page, price_to: cheapBand(w.products), sort_by: 'price' }),
    vendor: false,
    storefront: true,
  },
  // Every other filter and sort of the shopper's product list (the same list machinery as /products).
  ...storefrontRows(),
];

/** The storefront rows beyond the three above: each filter and sort of sra_products, as root, guest and customer. */
function storefrontRows(): Lookup[] {
  const row = (label: string, query: Lookup['query']): Lookup => ({
    entity: 'sra_products',
    label,
    query,
    vendor: false,
    storefront: true,
  });
  return [
    row('cid=<top category>, subcats=Y', (w) => ({ ...page, cid: String(w.catalog.categories.top), subcats: 'Y' })),
    row('q=alpha bravo, match=any', () => ({ ...page, q: 'alpha bravo', match: 'any' })),
    row('q=alpha', () => ({ ...page, q: 'alpha' })),
    row('q=product 10 alpha (exact)', () => ({ ...page, q: 'product 10 alpha', match: 'exact' })),
    row('pcode=<prefix of 10>', () => ({ ...page, pcode: 'BENCH-00001' })),
    row('price_from=100&price_to=<~24 products>', (w) => ({
      ...page,
      price_from: '100',
      price_to: priceBand(w.products),
    })),
    row('company_ids=<store A>', (w) => ({ ...page, company_ids: String(w.catalog.storeIds[0]) })),
    row('free_shipping=Y', () => ({ ...page, free_shipping: 'Y' })),
    ...sortKeys(productsEntity).map((key) => row(`sort_by=${key}`, () => ({ ...page, sort_by: key }))),
  ];
}

export interface WriteKind {
  label: string;
  method: 'POST' | 'PUT';
  entity: Entity;
  /** The object a PUT writes (repetition `rep`). */
  id?(world: ScaleWorld, rep: number): number;
  body(world: ScaleWorld, rep: number): Record<string, unknown>;
}

export const WRITES: readonly WriteKind[] = [
  {
    label: 'product create',
    method: 'POST',
    entity: 'products',
    body: (w, rep) => ({
      product: `Scale new product ${rep} alpha`,
      product_code: `SCALE-NEW-${w.products}-${rep}-${Date.now()}`,
      price: '12.50',
      amount: 100,
      company_id: w.catalog.storeIds[rep % 2],
      category_ids: [w.catalog.categories.leaf],
      status: 'A',
    }),
  },
  {
    label: 'price update',
    method: 'PUT',
    entity: 'products',
    id: (w, rep) => w.productId(20 + 2 * rep),
    body: (_, rep) => ({ price: `${(50 + rep + Math.random()).toFixed(2)}` }),
  },
  {
    label: 'stock update',
    method: 'PUT',
    entity: 'products',
    id: (w, rep) => w.productId(40 + 2 * rep),
    body: (_, rep) => ({ amount: 500 + rep + Math.floor(Math.random() * 1000) }),
  },
  {
    label: 'one-line order',
    method: 'POST',
    entity: 'orders',
    body: (w, rep) => ({
      user_id: w.customers.firstId + rep,
      payment_id: 1,
      shipping_id: 1,
      products: { '1': { product_id: w.productId(60 + 2 * rep), amount: 1 } },
    }),
  },
  {
    label: 'order status change',
    method: 'PUT',
    entity: 'orders',
    id: (w, rep) => w.orders.firstId + 1 + rep,
    body: (_, rep) => ({ status: rep % 2 === 0 ? 'C' : 'P' }),
  },
  {
    label: 'user create',
    method: 'POST',
    entity: 'users',
    body: (w, rep) => ({
      email: `scale-new-${w.products}-${rep}-${Date.now()}@scale.example.com`,
      user_type: 'C',
      company_id: 0,
      firstname: 'Grace',
      lastname: 'Hopper',
      phone: '+1 555 0100',
    }),
  },
];
