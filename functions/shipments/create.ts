import { shipmentsEntity } from '../../lib/entities/shipments.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { shipmentHooks } from '../../lib/operations/shipments.js';

export const handler = entityHandler(shipmentsEntity, 'create', shipmentHooks);
