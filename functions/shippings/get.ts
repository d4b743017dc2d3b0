import { shippingsEntity } from '../../lib/entities/shippings.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(shippingsEntity, 'get');
