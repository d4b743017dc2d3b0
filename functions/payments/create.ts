import { paymentsEntity } from '../../lib/entities/payments.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(paymentsEntity, 'create');
