import { instanceTable } from '../instance-table.js';
import { createOrderOf } from './create.js';
import { orderHooksFor } from './hooks.js';
import { orderStoreOn } from './store.js';

const store = /* @__PURE__ */ orderStoreOn(instanceTable);

/**
 * Orders (lib/entities/orders.ts; docs/data-model.md "Entity-specific items and rules") as the functions use them: every operation over the
 * DynamoDB store. The pieces: store.ts (the storage the operations receive; stock-items.ts, its stock writes),
 * rules.ts (pure rules: lines, money, stock, statuses, list filters; periods.ts the `period` filter), items.ts (the
 * nested items an order stores), customer.ts (who an order is for), create.ts (POST /orders), hooks.ts (the
 * generic get, list, update and delete).
 */
export const createOrder = createOrderOf(store);
export const orderHooks = orderHooksFor(store);
