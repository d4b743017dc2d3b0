import { shippingsEntity } from '../../lib/entities/shippings.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(shippingsEntity, 'delete');
