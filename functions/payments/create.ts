import { paymentsEntity } from '../../lib/entities/payments.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(paymentsEntity, 'create');
