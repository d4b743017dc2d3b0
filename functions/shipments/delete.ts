import { shipmentsEntity } from '../../lib/entities/shipments.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(shipmentsEntity, 'delete');
