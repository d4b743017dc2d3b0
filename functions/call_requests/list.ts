import { callRequestsEntity } from '../../lib/entities/call-requests.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(callRequestsEntity, 'list');
