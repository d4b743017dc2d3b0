import { type EntityObjects, handlerOf, objectPath } from './entity-objects.js';
import type { Scenario } from './scenarios.js';
import { BENCH_LANGVAR, type Caller, type World } from './world.js';

/**
 * A GET of one object and a GET of the collection for every entity, so each entity's read path has its
 * round trips and overhead in the table (scenarios.ts measures the ones with a story of their own: writes,
 * memberships, the product lists). The objects they read: bench/lib/entity-objects.ts.
 */

/** A setting every store has (lib/settings-defaults.ts), the one the entity walk reads too. */
const SETTING_ID = 31;
/** A user id without a cart: nothing creates carts without a storefront, so GET /carts/:id is the 404 path. */
const cartOf = (objects: EntityObjects) => objects.customer;

interface EntityRow {
  /** The path segment and the folder under functions/. */
  entity: string;
  /** The function's name in the function table (`call-requests-get`, `variation-groups-list`). */
  functionPrefix: string;
  /** The object GET /api/<entity>/:id reads, and the status it answers. */
  single?: (objects: EntityObjects) => number | string;
  singleStatus?: number;
  /** How the row's name writes the id (`:id` unless the id is a name). */
  placeholder?: string;
  /** What the collection needs in its query (a product's options, exceptions and combinations). */
  listQuery?: (objects: EntityObjects) => Record<string, string>;
}

/** Every entity with a GET of one object and of its collection (`/version` reads nothing; memberships: scenarios.ts). */
const ROWS: readonly EntityRow[] = [
  { entity: 'users', functionPrefix: 'users', single: (o) => o.customer },
  { entity: 'usergroups', functionPrefix: 'usergroups' },
  { entity: 'stores', functionPrefix: 'stores' },
  { entity: 'vendors', functionPrefix: 'vendors', single: (o) => o.vendor },
  { entity: 'categories', functionPrefix: 'categories' },
  { entity: 'products', functionPrefix: 'products' },
  { entity: 'features', functionPrefix: 'features', single: (o) => o.feature },
  {
    entity: 'options',
    functionPrefix: 'options',
    single: (o) => o.option,
    listQuery: (o) => ({ product_id: String(o.product) }),
  },
  {
    entity: 'exceptions',
    functionPrefix: 'exceptions',
    single: (o) => o.exception,
    listQuery: (o) => ({ product_id: String(o.product) }),
  },
  {
    entity: 'combinations',
    functionPrefix: 'combinations',
    single: (o) => o.combination,
    listQuery: (o) => ({ product_id: String(o.product) }),
  },
  { entity: 'orders', functionPrefix: 'orders' },
  { entity: 'payments', functionPrefix: 'payments', single: () => 1 },
  { entity: 'shippings', functionPrefix: 'shippings', single: () => 1 },
  { entity: 'statuses', functionPrefix: 'statuses', single: (o) => o.status },
  { entity: 'carts', functionPrefix: 'carts', single: cartOf, singleStatus: 404 },
  { entity: 'discussions', functionPrefix: 'discussions', single: (o) => o.post },
  { entity: 'shipments', functionPrefix: 'shipments', single: (o) => o.shipment },
  { entity: 'blocks', functionPrefix: 'blocks', single: (o) => o.block },
  { entity: 'call_requests', functionPrefix: 'call-requests', single: (o) => o.callRequest },
  { entity: 'taxes', functionPrefix: 'taxes', single: (o) => o.tax },
  { entity: 'settings', functionPrefix: 'settings', single: () => SETTING_ID },
  { entity: 'pages', functionPrefix: 'pages', single: (o) => o.page },
  { entity: 'languages', functionPrefix: 'languages', single: () => 1 },
  { entity: 'langvars', functionPrefix: 'langvars', single: () => BENCH_LANGVAR, placeholder: ':name' },
  { entity: 'product_variations', functionPrefix: 'product-variations', single: (o) => o.variation },
  { entity: 'product_variations_groups', functionPrefix: 'variation-groups', single: (o) => o.variationGroup },
];

function objectsOf(world: World): EntityObjects {
  if (!world.objects) throw new Error('this world was made without its entity objects (createWorld(…, true))');
  return world.objects;
}

function singleScenario(row: EntityRow, single: (objects: EntityObjects) => number | string): Scenario {
  const status = row.singleStatus ?? 200;
  return {
    name: `GET /api/${row.entity}/${row.placeholder ?? ':id'}${status === 404 ? ' (none: 404)' : ''}`,
    functionName: `${row.functionPrefix}-get`,
    kind: 'get-by-id',
    expectStatus: status,
    load: () => handlerOf(row.entity, 'get').then((handler) => ({ handler })),
    request: (world: World, caller: Caller) => ({
      method: 'GET',
      ...objectPath(row.entity, single(objectsOf(world))),
      authorization: caller.authorization,
    }),
  };
}

function listScenario(row: EntityRow): Scenario {
  return {
    name: `GET /api/${row.entity}`,
    functionName: `${row.functionPrefix}-list`,
    kind: 'list',
    expectStatus: 200,
    load: () => handlerOf(row.entity, 'list').then((handler) => ({ handler })),
    request: (world: World, caller: Caller) => ({
      method: 'GET',
      path: `/api/${row.entity}`,
      resource: `/api/${row.entity}`,
      query: { page: '1', items_per_page: '10', ...row.listQuery?.(objectsOf(world)) },
      authorization: caller.authorization,
    }),
  };
}

/** The rows `measured` does not have yet: a GET of one object and a list per entity. */
export function entityScenarios(measured: readonly Scenario[]): Scenario[] {
  const have = new Set(measured.map((scenario) => scenario.functionName));
  const rows: Scenario[] = [];
  for (const row of ROWS) {
    if (row.single && !have.has(`${row.functionPrefix}-get`)) rows.push(singleScenario(row, row.single));
    if (!have.has(`${row.functionPrefix}-list`)) rows.push(listScenario(row));
  }
  return rows;
}
