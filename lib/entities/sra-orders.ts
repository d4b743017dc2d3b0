import { defineEntity } from './define.js';
import { raw } from './field-builders.js';
import { ordersEntity } from './orders.js';

const SHIPPING_CHOICE = {
  type: ['object', 'array', 'integer', 'string'],
  additionalProperties: { type: ['integer', 'string'] },
  description:
    'The shipping method of each product group (one per store of the products): `{"0": 3}` as CS-Cart apps send it, a list by group, or one id for the first group. A group not named ships by its store\'s first method.',
};

/**
 * The storefront's orders (CS-Cart's `storefront_rest_api` add-on, `Tygh\Api\Entities\v40\SraOrders`), at
 * `/api/4.0/sra_orders[/:id]`: the signed-in customer places an order from the cart (POST) and reads their own
 * orders (GET), another customer's being a 404. An order is placed by the same path as POST /orders (priced from the
 * products, stock taken in the same transaction); a cart of several stores places one order per store under a
 * parent order (`is_parent_order` "Y"). A payment method with an online processor is a 400 naming `payment_id`.
 * Only a customer's token opens it (a guest: 403); vendors: 403. lib/operations/checkout/.
 */
export const sraOrdersEntity = defineEntity({
  name: 'sra_orders',
  // The fields of an order as the administration shows it, and its status (lib/operations/checkout/orders.ts).
  schema: {
    idField: 'order_id',
    fields: { ...ordersEntity.schema.fields, status_data: raw({}) },
  },
  http: {
    operations: ['list', 'get', 'create'],
    privileges: 'none',
    storefrontAccess: 'customer',
    collection: { shape: 'wrapped', key: 'orders' },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        properties: {
          payment_id: {
            type: ['integer', 'string'],
            description: 'An active payment method without an online processor (`processor_id` 0).',
          },
          shipping_ids: SHIPPING_CHOICE,
          shipping_id: SHIPPING_CHOICE,
          products: {
            type: 'object',
            description:
              'What to order, keyed by cart item id: `{"<cart_id>": {"product_id": 12, "amount": 1}}`. Without it, the whole cart.',
          },
          user_data: {
            type: 'object',
            description: 'Billing and shipping fields (`b_*`, `s_*`); without it, those kept with the cart.',
          },
          notes: { type: 'string' },
        },
        required: ['payment_id'],
      },
    },
    answerSchemas: {
      create: {
        type: 'object',
        properties: {
          order_id: { type: 'integer', description: 'The order, or the parent order of a checkout of several stores.' },
          suborder_ids: {
            type: 'array',
            items: { type: 'integer' },
            description:
              "Multi-vendor editions: the stores' orders placed under the parent order (an empty list when the cart held one store's products).",
          },
        },
        required: ['order_id'],
      },
    },
  },
  // Place: the cart, payment, products, stores and shippings (GetItem, BatchGetItem, Query), the orders through
  // the orders' create (PutItem, UpdateItem) and, when a later child order is refused, cancels (PutItem, DeleteItem,
  // UpdateItem), then the cart (a transaction of Put/Delete/Update). Read: the orders and the statuses (Query).
  deployment: {
    domain: 'shoppers',
    functions: {
      list: { access: ['Query', 'GetItem'] },
      get: { access: ['GetItem', 'Query'] },
      create: { access: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem', 'Query'] },
    },
  },
});
