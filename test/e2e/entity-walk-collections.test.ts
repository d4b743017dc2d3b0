/**
 * A walk over the service's entity list (the 27 entities the service description names, in its
 * order): each one exists at its path, an object of it can be made (or is built in), and its
 * collection answers in its own shape — the wrapped list `{"<key>": [...], "params", "search"}`, the
 * object keyed by id (usergroups, languages, a product's options), or the bare
 * list (blocks, a product's exceptions) — and the single object carries its id.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { buildWalkWorld, ids } from './entity-walk-world.js';

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
beforeAll(buildWalkWorld);

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
