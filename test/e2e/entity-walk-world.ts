/**
 * The objects the entity walks (test/e2e/entity-walk-*.test.ts) read: one of every entity the service
 * description names, made over HTTP as the bootstrap root, their ids (or hashes and keys) in `ids`.
 */
import { expect } from 'vitest';
import { createUser, uid, uniqueEmail } from '../support/fixtures.js';
import { api } from '../support/http.js';

export const ids: Record<string, number | string> = {};

async function made(path: string, body: object, key: string): Promise<number> {
  const response = await api('POST', `/api/${path}`, { body });
  expect(response.status, `${path}: ${response.body}`).toBe(201);
  return response.json[key] as number;
}

/** Makes one object of every walked entity and records where it is; each walk file calls it once, in beforeAll. */
export async function buildWalkWorld(): Promise<void> {
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
}
