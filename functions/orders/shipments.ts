import { ordersEntity } from '../../lib/entities/orders.js';
import { shipmentsEntity } from '../../lib/entities/shipments.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { orderShipmentsHooks } from '../../lib/operations/shipments.js';

/** GET /orders/:id/shipments: the order's shipments. */
export const handler = entityHandler(shipmentsEntity, 'list', orderShipmentsHooks, {
  parent: ordersEntity,
  routeKey: 'orders.shipments.list',
});
