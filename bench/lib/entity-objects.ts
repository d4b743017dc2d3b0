import type { LambdaHandler } from '../../lib/stack/api-handler.js';
import { lambdaContext, proxyEvent, type RequestSpec } from './events.js';

/**
 * One object of every entity the bench world has none of yet (bench/lib/entity-rows.ts reads them), made once
 * per table through the entities' own POST handlers, in-process, as root — what an integrator's first calls
 * would write.
 */

/** `Basic …` of the root administrator (world.ts's Caller, kept apart so world.ts can import this file). */
interface Root {
  authorization: string;
}

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

/** The Lambda entry point of functions/<entity>/<operation>.ts, as the runtime would load it. */
export async function handlerOf(
  entity: string,
  operation: 'create' | 'get' | 'list' | 'delete',
): Promise<LambdaHandler> {
  return ((await import(`../../functions/${entity}/${operation}.js`)) as { handler: LambdaHandler }).handler;
}

/** POST /api/<entity> in-process as root; answers the parsed body of the 201. */
async function post(root: Root, entity: string, body: object): Promise<Record<string, unknown>> {
  const handler = await handlerOf(entity, 'create');
  const spec: RequestSpec = {
    method: 'POST',
    path: `/api/${entity}`,
    resource: `/api/${entity}`,
    body,
    authorization: root.authorization,
  };
  const response = await handler(proxyEvent(spec), lambdaContext(`${entity}-create`));
  if (response.statusCode !== 201)
    throw new Error(`bench objects: POST /api/${entity} gave ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

/** GET /api/<entity>/<id> in-process as root (to read the variant ids a feature or option was given). */
async function read(root: Root, entity: string, id: number): Promise<Record<string, unknown>> {
  const handler = await handlerOf(entity, 'get');
  const spec: RequestSpec = { method: 'GET', ...objectPath(entity, id), authorization: root.authorization };
  const response = await handler(proxyEvent(spec), lambdaContext(`${entity}-get`));
  if (response.statusCode !== 200)
    throw new Error(`bench objects: GET /api/${entity}/${id} gave ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as Record<string, unknown>;
}

const firstKey = (value: unknown): string => {
  const key = Object.keys((value ?? {}) as object)[0];
  if (key === undefined) throw new Error('bench objects: no variant was made');
  return key;
};

/** One object of every entity that has none yet (the catalog, order and customers come from world.ts). */
export async function createEntityObjects(
  root: Root,
  made: Pick<EntityObjects, 'customer' | 'block'> & { store: number; order: number },
): Promise<EntityObjects> {
  const { store, order } = made;
  const id = async (entity: string, body: object, field: string) => Number((await post(root, entity, body))[field]);
  // A product of its own for options, exceptions, combinations and reviews: the measured product and the
  // order's lines (scenarios.ts) stay as they are.
  const product = await id(
    'products',
    { product: 'Bench options product', price: 10, company_id: store, amount: 50 },
    'product_id',
  );
  const vendor = Number(
    (await post(root, 'vendors', { company: 'Bench vendor', email: 'vendor@bench.example.com' })).company_id,
  );
  const feature = await id(
    'features',
    {
      feature_type: 'S',
      description: 'Bench colour',
      company_id: store,
      variants: [{ variant: 'Red' }, { variant: 'Blue' }],
    },
    'feature_id',
  );
  const colours = Object.keys((await read(root, 'features', feature)).variants as object);
  const variations: number[] = [];
  for (const colour of colours) {
    variations.push(
      await id(
        'products',
        { product: `Bench variation ${colour}`, price: 10, company_id: store, product_features: { [feature]: colour } },
        'product_id',
      ),
    );
  }
  const group = (await post(root, 'product_variations_groups', { product_ids: variations })).group as { id: number };
  const option = await id(
    'options',
    {
      product_id: product,
      option_name: 'Size',
      option_type: 'S',
      variants: [{ variant_name: 'S' }, { variant_name: 'L' }],
    },
    'option_id',
  );
  const variant = firstKey((await read(root, 'options', option)).variants);
  return {
    vendor,
    feature,
    option,
    exception: await id('exceptions', { product_id: product, combination: { [option]: variant } }, 'exception_id'),
    combination: String(
      (await post(root, 'combinations', { product_id: product, combination: { [option]: variant }, amount: 5 }))
        .combination_hash,
    ),
    post: await id(
      'discussions',
      { object_type: 'P', object_id: product, name: 'Bench', message: 'hello', rating_value: 5 },
      'post_id',
    ),
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

export const objectPath = (
  entity: string,
  id: number | string,
): Pick<RequestSpec, 'path' | 'resource' | 'pathParameters'> => ({
  path: `/api/${entity}/${id}`,
  resource: `/api/${entity}/{id}`,
  pathParameters: { id: String(id) },
});
