import { shipmentsEntity } from '../../lib/entities/shipments.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(shipmentsEntity, 'delete');
