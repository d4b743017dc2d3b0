import type { LambdaHandler } from '../../lib/http/api-handler.js';
import { lambdaContext, proxyEvent, type RequestSpec } from './events.js';
import type { Scenario } from './scenarios.js';
import { BENCH_LANGVAR, type Caller, type World } from './world.js';

/**
 * A GET of one object and a GET of the collection for every entity, so each entity's read path has its
 * round trips and overhead in the table (scenarios.ts measures the ones with a story of their own: writes,
 * memberships, the product lists). The objects are made once per table through the entities' own POST
 * handlers, in-process, as root — what an integrator's first calls would write.
 */

/** Ids of the objects the rows read; built in ones (payment 1, shipping 1, language 1, setting 31) need none. */
export interface EntityObjects {
  vendor: number;
  feature: number;
  option: number;
  exception: number;
  combination: string;
  post: number;
  shipment: number;
  callRequest: number;
  tax: number;
  status: number;
  page: number;
  variation: number;
  variationGroup: number;
  customer: number;
  product: number;
  block: number;
}

/** A setting every store has (lib/settings-defaults.ts), the one the entity walk reads too. */
const SETTING_ID = 31;
/** A user id without a cart: nothing creates carts without a storefront, so GET /carts/:id is the 404 path. */
const cartOf = (objects: EntityObjects) => objects.customer;

async function handlerOf(entity: string, operation: 'create' | 'get' | 'list'): Promise<LambdaHandler> {
  return ((await import(`../../functions/${entity}/${operation}.js`)) as { handler: LambdaHandler }).handler;
}

/** POST /api/<entity> in-process as root; answers the parsed body of the 201. */
async function post(root: Caller, entity: string, body: object): Promise<Record<string, unknown>> {
  const handler = await handlerOf(entity, 'create');
  const spec: RequestSpec = { method: 'POST', path: `/api/${entity}`, resource: `/api/${entity}`, body, authorization: root.authorization };
  const response = await handler(proxyEvent(spec), lambdaContext(`${entity}-create`));
  if (response.statusCode !== 201) throw new Error(`bench objects: POST /api/${entity} gave ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** GET /api/<entity>/<id> in-process as root (to read the variant ids a feature or option was given). */
async function read(root: Caller, entity: string, id: number): Promise<Record<string, unknown>> {
  const handler = await handlerOf(entity, 'get');
  const spec: RequestSpec = { method: 'GET', ...objectPath(entity, id), authorization: root.authorization };
  const response = await handler(proxyEvent(spec), lambdaContext(`${entity}-get`));
  if (response.statusCode !== 200) throw new Error(`bench objects: GET /api/${entity}/${id} gave ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

const firstKey = (value: unknown): string => {
  const key = Object.keys((value ?? {}) as object)[0];
  if (key === undefined) throw new Error('bench objects: no variant was made');
  return key;
};

/** One object of every entity that has none yet (the catalog, order and customers come from world.ts). */
export async function createEntityObjects(
  root: Caller,
  made: Pick<EntityObjects, 'customer' | 'block'> & { store: number; order: number },
): Promise<EntityObjects> {
  const { store, order } = made;
  const id = async (entity: string, body: object, field: string) => Number((await post(root, entity, body))[field]);
  // A product of its own for options, exceptions, combinations and reviews: the measured product and the
  // order's lines (scenarios.ts) stay as they are.
  const product = await id('products', { product: 'Bench options product', price: 10, company_id: store, amount: 50 }, 'product_id');
  const vendor = Number((await post(root, 'vendors', { company: 'Bench vendor', email: 'vendor@bench.example.com' })).company_id);
  const feature = await id('features', { feature_type: 'S', description: 'Bench colour', company_id: store, variants: [{ variant: 'Red' }, { variant: 'Blue' }] }, 'feature_id');
  const colours = Object.keys((await read(root, 'features', feature)).variants as object);
  const variations: number[] = [];
  for (const colour of colours) {
    variations.push(await id('products', { product: `Bench variation ${colour}`, price: 10, company_id: store, product_features: { [feature]: colour } }, 'product_id'));
  }
  const group = (await post(root, 'product_variations_groups', { product_ids: variations })).group as { id: number };
  const option = await id('options', { product_id: product, option_name: 'Size', option_type: 'S', variants: [{ variant_name: 'S' }, { variant_name: 'L' }] }, 'option_id');
  const variant = firstKey((await read(root, 'options', option)).variants);
  return {
    vendor,
    feature,
    option,
    exception: await id('exceptions', { product_id: product, combination: { [option]: variant } }, 'exception_id'),
    combination: String((await post(root, 'combinations', { product_id: product, combination: { [option]: variant }, amount: 5 })).combination_hash),
    post: await id('discussions', { object_type: 'P', object_id: product, name: 'Bench', message: 'hello', rating_value: 5 }, 'post_id'),
    shipment: await id('shipments', { order_id: order, shipping_id: 1, tracking_number: 'BENCH1' }, 'shipment_id'),
    callRequest: await id('call_requests', { phone: '+15550000', name: 'Bench', company_id: store }, 'request_id'),
    tax: await id('taxes', { tax: 'Bench VAT' }, 'tax_id'),
    status: await id('statuses', { description: 'Bench status' }, 'status_id'),
    page: await id('pages', { page: 'Bench page', page_type: 'T', company_id: store }, 'page_id'),
    variation: variations[0]!,
    variationGroup: group.id,
    customer: made.customer,
    product,
    block: made.block,
  };
}

const objectPath = (entity: string, id: number | string): Pick<RequestSpec, 'path' | 'resource' | 'pathParameters'> => ({
  path: `/api/${entity}/${id}`,
  resource: `/api/${entity}/{id}`,
  pathParameters: { id: String(id) },
});

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
  { entity: 'options', functionPrefix: 'options', single: (o) => o.option, listQuery: (o) => ({ product_id: String(o.product) }) },
  { entity: 'exceptions', functionPrefix: 'exceptions', single: (o) => o.exception, listQuery: (o) => ({ product_id: String(o.product) }) },
  { entity: 'combinations', functionPrefix: 'combinations', single: (o) => o.combination, listQuery: (o) => ({ product_id: String(o.product) }) },
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
    request: (world: World, caller: Caller) => ({ method: 'GET', ...objectPath(row.entity, single(objectsOf(world))), authorization: caller.authorization }),
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
