import type { Scenario } from './scenarios.js';
import type { Shoppers } from './shoppers.js';
import type { Caller, World } from './world.js';

/**
 * The storefront requests of the shopper mix (bench/lib/shopper-cost.ts), as CS-Cart's mobile app sends them
 * (`/api/4.0/…`): a guest's catalogue page, search and product page, a customer adding to the cart. Not budgeted
 * (the scale bench's storefront rows are); measured only for the cost table (`npm run bench -- --cost`).
 */
export interface ShopperScenario {
  scenario: Scenario;
  /** Who sends it, of the bench's two shoppers. */
  caller: (shoppers: Shoppers) => Caller;
  /** A guest's GET of the catalogue: what `cdn: 'true'` may answer from CloudFront's cache. */
  cacheable: boolean;
}

const PRODUCTS = '/api/4.0/sra_products';
const CART = '/api/4.0/sra_cart_content';
const page = { page: '1', items_per_page: '10' };
const firstProduct = (world: World) => world.catalog.productIds[0] ?? 0;

const listOfProducts = (name: string, query: Record<string, string>): Scenario => ({
  name,
  functionName: 'sra-products-list',
  kind: 'list',
  expectStatus: 200,
  load: () => import('../../functions/sra_products/list.js'),
  request: (_world, caller) => ({
    method: 'GET',
    path: PRODUCTS,
    resource: PRODUCTS,
    query,
    authorization: caller.authorization,
    headers: caller.headers,
  }),
});

export const SHOPPER_SCENARIOS: readonly ShopperScenario[] = [
  { scenario: listOfProducts('GET /api/4.0/sra_products (page)', page), caller: (s) => s.guest, cacheable: true },
  {
    scenario: listOfProducts('GET /api/4.0/sra_products?q=alpha', { ...page, q: 'alpha', match: 'all' }),
    caller: (s) => s.guest,
    cacheable: true,
  },
  {
    scenario: {
      name: 'GET /api/4.0/sra_products/:id',
      functionName: 'sra-products-get',
      kind: 'get-by-id',
      expectStatus: 200,
      load: () => import('../../functions/sra_products/get.js'),
      request: (world, caller) => ({
        method: 'GET',
        path: `${PRODUCTS}/${firstProduct(world)}`,
        resource: `${PRODUCTS}/{id}`,
        pathParameters: { id: String(firstProduct(world)) },
        authorization: caller.authorization,
        headers: caller.headers,
      }),
    },
    caller: (s) => s.guest,
    cacheable: true,
  },
  {
    // The same line each time: the cart keeps one item whose amount grows, so every run writes the same sizes.
    scenario: {
      name: 'POST /api/4.0/sra_cart_content',
      functionName: 'sra-cart-content-create',
      kind: 'write',
      expectStatus: 201,
      load: () => import('../../functions/sra_cart_content/create.js'),
      request: (world, caller) => ({
        method: 'POST',
        path: CART,
        resource: CART,
        body: { products: { 1: { product_id: firstProduct(world), amount: 1 } } },
        authorization: caller.authorization,
        headers: caller.headers,
      }),
    },
    caller: (s) => s.customer,
    cacheable: false,
  },
];
