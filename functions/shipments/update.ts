import { shipmentsEntity } from '../../lib/entities/shipments.js';
import { entityHandler } from '../../lib/operations/crud.js';
import { shipmentHooks } from '../../lib/operations/shipments.js';

export const handler = entityHandler(shipmentsEntity, 'update', shipmentHooks);
