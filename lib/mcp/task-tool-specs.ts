import type { EntityDefinition } from '../entities/types.js';
import type { Schema } from '../openapi/schemas.js';
import { IDEMPOTENCY_ARGUMENT, inputSchemaOf, outputSchemaOf } from './tool-schemas.js';
import type { ToolSpec } from './tool-types.js';

/**
 * The task tools: what a store owner asks an assistant for, each built on one REST operation (`judgedAs`, whose
 * privileges decide who is offered it) and run by lib/mcp/task-tools.ts through the same in-process calls. Their
 * schemas are cut from the entity tools' (the products list, an order, the products update answer).
 */

export const LOW_STOCK_DEFAULT = 5;
/** The order statuses that count as sales: paid and complete (SPEC §13). */
export const SALES_STATUSES = ['P', 'C'] as const;

const pick = (schema: Schema, names: readonly string[]): Record<string, Schema> => {
  const properties = schema.properties as Record<string, Schema>;
  return Object.fromEntries(names.filter((name) => properties[name]).map((name) => [name, properties[name]!]));
};

const annotations = (title: string, writes: boolean) => ({
  title,
  readOnlyHint: !writes,
  destructiveHint: writes,
  idempotentHint: !writes,
  openWorldHint: false as const,
});

export function taskTools(entities: ReadonlyMap<string, EntityDefinition>): ToolSpec[] {
  const products = entities.get('products');
  const orders = entities.get('orders');
  if (!products || !orders) return [];
  const productList = inputSchemaOf(products, 'list');
  const paging = pick(productList, ['items_per_page', 'cursor']);
  const ordersList = inputSchemaOf(orders, 'list');
  const productUpdate = inputSchemaOf(products, 'update');
  return [
    {
      name: 'find_products',
      description:
        'Finds products by code (`product_code`: codes that start with it, any case) or by words (`q`: every word starts a word of the name or code). Answers the products list, as GET /api/2.0/products?q=…&match=all or ?pcode=… does.',
      inputSchema: {
        type: 'object',
        properties: {
          q: { type: 'string', minLength: 1, maxLength: 255, description: 'Words of the name or code.' },
          product_code: { type: 'string', minLength: 1, maxLength: 64, description: 'A code or its beginning.' },
          ...paging,
        },
      },
      outputSchema: outputSchemaOf(products, 'list'),
      annotations: annotations('Find products', false),
      judgedAs: { entity: 'products', operation: 'list' },
      writes: false,
      task: 'find_products',
    },
    {
      name: 'update_product_price_stock',
      description:
        "Changes a product's price and/or stock (`amount`), as PUT /api/2.0/products/{product_id} with those fields. Give at least one of them; `idempotency_key` makes a retry safe.",
      inputSchema: {
        type: 'object',
        properties: {
          ...pick(productUpdate, ['product_id', 'price', 'amount']),
          idempotency_key: IDEMPOTENCY_ARGUMENT,
        },
        required: ['product_id'],
      },
      outputSchema: outputSchemaOf(products, 'update'),
      annotations: annotations("Update a product's price or stock", true),
      judgedAs: { entity: 'products', operation: 'update' },
      writes: true,
      task: 'update_product_price_stock',
    },
    {
      name: 'low_stock',
      description: `Products whose stock (\`amount\`) is at most \`threshold\` (default ${LOW_STOCK_DEFAULT}), lowest first: GET /api/2.0/products?amount_to=…&sort_by=amount.`,
      inputSchema: {
        type: 'object',
        properties: {
          threshold: {
            type: 'integer',
            minimum: 0,
            default: LOW_STOCK_DEFAULT,
            description: 'The highest stock shown.',
          },
          ...paging,
        },
      },
      outputSchema: outputSchemaOf(products, 'list'),
      annotations: annotations('Low stock', false),
      judgedAs: { entity: 'products', operation: 'list' },
      writes: false,
      task: 'low_stock',
    },
    {
      name: 'order_details',
      description:
        'An order with its products, customer, addresses, payment and shipping: GET /api/2.0/orders/{order_id}.',
      inputSchema: inputSchemaOf(orders, 'get'),
      outputSchema: outputSchemaOf(orders, 'get'),
      annotations: annotations("An order's details", false),
      judgedAs: { entity: 'orders', operation: 'get' },
      writes: false,
      task: 'order_details',
    },
    {
      name: 'sales_of_period',
      description: `Sales of a period: how many orders are paid or complete (status ${SALES_STATUSES.join(' or ')}) and their total, between \`time_from\` and \`time_to\` (Unix timestamps or YYYY-MM-DD), or for a \`period\` of the orders list (D today, LD yesterday, W this week, M this month, HM the last 30 days, …). A vendor's are its own company's.`,
      inputSchema: { type: 'object', properties: pick(ordersList, ['period', 'time_from', 'time_to']) },
      outputSchema: {
        type: 'object',
        properties: {
          count: { type: 'integer', minimum: 0 },
          total: { type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$', description: 'The sum of the orders’ totals.' },
          statuses: { type: 'array', items: { type: 'string' } },
          period: { type: 'string' },
          time_from: { type: 'string' },
          time_to: { type: 'string' },
        },
        required: ['count', 'total', 'statuses'],
      },
      annotations: annotations('Sales of a period', false),
      judgedAs: { entity: 'orders', operation: 'list' },
      writes: false,
      task: 'sales_of_period',
    },
  ];
}
