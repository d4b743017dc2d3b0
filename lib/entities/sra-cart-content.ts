import { defineEntity } from './define.js';

const LINE = {
  type: 'object',
  properties: {
    product_id: {
      type: 'integer',
      minimum: 1,
      description: 'The product (on POST; when absent, the key is read as the product id).',
    },
    amount: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000,
      description: 'How many. POST adds it to the line (default 1); PUT sets it, 0 removes the line.',
    },
    product_options: {
      type: 'object',
      additionalProperties: { type: ['integer', 'string'] },
      description: 'option_id → variant_id (or the text of a text option).',
    },
  },
};

const PRICED_LINE = {
  type: 'object',
  properties: {
    item_id: { type: 'string' },
    product_id: { type: 'integer' },
    product: { type: 'string' },
    product_code: { type: 'string' },
    amount: { type: 'integer' },
    price: { type: 'number' },
    display_price: { type: 'number' },
    subtotal: { type: 'number' },
    display_subtotal: { type: 'number' },
    product_options: { type: 'object' },
    in_stock: { type: 'integer', description: 'The stock of a tracked product; absent when stock is not tracked.' },
  },
  required: ['item_id', 'product_id', 'product', 'amount', 'price', 'subtotal', 'product_options'],
};

const SHIPPING_METHOD = {
  type: 'object',
  properties: {
    shipping_id: { type: 'string' },
    shipping: { type: 'string' },
    delivery_time: { type: 'string' },
    rate: { type: 'number', description: 'What the method charges this group (decimal arithmetic, 2 decimals).' },
    group_key: { type: 'integer' },
  },
  required: ['shipping_id', 'shipping', 'rate', 'group_key'],
};

const PRODUCT_GROUP = {
  type: 'object',
  properties: {
    name: { type: 'string', description: "The store's name." },
    company_id: { type: 'integer' },
    products: { type: 'object', additionalProperties: PRICED_LINE },
    shippings: {
      type: 'object',
      additionalProperties: SHIPPING_METHOD,
      description: "shipping_id → the store's active methods (and the shared ones, company 0).",
    },
    chosen_shippings: { type: 'array', items: SHIPPING_METHOD },
    all_free_shipping: { type: 'boolean' },
    shipping_no_required: { type: 'boolean' },
  },
  required: ['name', 'company_id', 'products', 'shippings', 'chosen_shippings'],
};

const CART_IDS = {
  type: 'object',
  properties: {
    cart_ids: {
      type: 'object',
      additionalProperties: { type: 'integer' },
      description: 'cart item id → product_id of every line written.',
    },
    message: { type: 'boolean', const: false },
  },
  required: ['cart_ids', 'message'],
};

/**
 * The storefront cart (CS-Cart's `storefront_rest_api` add-on, `Tygh\Api\Entities\v40\SraCartContent`): the
 * signed-in customer's own cart, at `/api/4.0/sra_cart_content` (and `/api/`, `/api/2.0/`, and in a store's
 * context `/stores/:id/sra_cart_content`). GET of the collection answers the cart priced as an order is; POST
 * adds lines; PUT changes amounts (`/:cart_item_id {"amount"}` or the collection with `{"products": {…}}`,
 * 0 removes); DELETE removes a line or, on the collection, empties the cart. There is no GET of one line (405,
 * as CS-Cart's `api_not_need_id`). Only a customer's token opens it (a guest with the storefront key alone:
 * 403); an administrator's API key uses the administrator's own cart, as in CS-Cart; vendors: 403.
 * lib/operations/carts/storefront.ts; the cart is the `carts` record of the customer (lib/entities/carts.ts).
 */
export const sraCartContentEntity = defineEntity({
  name: 'sra_cart_content',
  schema: {
    idField: 'cart_id',
    fields: {},
  },
  http: {
    operations: ['list', 'create', 'update', 'delete'],
    collectionWrites: ['update', 'delete'],
    privileges: 'none',
    storefrontAccess: 'customer',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: {
          products: {
            type: 'object',
            additionalProperties: PRICED_LINE,
            description: 'cart item id → the line, priced from the product now.',
          },
          amount: { type: 'integer', description: 'Items in the cart (the sum of the amounts).' },
          subtotal: { type: 'number' },
          display_subtotal: { type: 'number' },
          discount: { type: 'number' },
          tax_subtotal: { type: 'number' },
          shipping_cost: { type: 'number' },
          total: { type: 'number' },
          display_total: { type: 'number' },
          display_shipping_cost: { type: 'number' },
          user_id: { type: 'integer' },
          company_id: { type: 'integer' },
          user_data: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'The checkout profile kept with the cart (PUT {"user_data"}); {} when none.',
          },
          product_groups: {
            type: 'array',
            items: PRODUCT_GROUP,
            description: 'With `calculate_shipping`: one group per store of the products.',
          },
          chosen_shipping: {
            type: 'object',
            additionalProperties: { type: 'integer' },
            description: 'With `calculate_shipping`: product group → the shipping_id it ships by.',
          },
        },
        required: ['products', 'amount', 'subtotal', 'total'],
      },
    },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        properties: {
          products: {
            type: 'object',
            additionalProperties: LINE,
            description: 'Any key → a line to add; the same product with the same options adds to its line.',
          },
        },
        required: ['products'],
      },
      update: {
        type: 'object',
        properties: {
          amount: {
            type: 'integer',
            minimum: 0,
            description: 'On /sra_cart_content/{cart_id}: the new amount; 0 removes the line.',
          },
          user_data: {
            type: 'object',
            additionalProperties: { type: ['string', 'number', 'boolean'] },
            description:
              'On the collection: the billing and shipping profile to keep with the cart (`b_*`, `s_*`, `email`, …).',
          },
          product_options: LINE.properties.product_options,
          products: {
            type: 'object',
            additionalProperties: LINE,
            description: 'On the collection: cart item id → its new amount.',
          },
        },
      },
    },
    answerSchemas: { create: CART_IDS, update: CART_IDS },
  },
  // The cart record and its index items (GetItem, then a transaction of Put/Delete/Update), the products and the user (BatchGetItem).
  deployment: {
    domain: 'accounts',
    functions: {
      // With calculate_shipping: the active shipping methods (a Query of the status index) and the stores.
      list: { access: ['GetItem', 'Query'] },
      create: { access: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem'] },
      update: { access: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem'] },
      delete: { access: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem'] },
    },
  },
});
