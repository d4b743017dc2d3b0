import { callRequestsEntity } from '../../lib/entities/call-requests.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';
import { callRequestHooks } from '../../lib/operations/call-requests.js';

export const handler = entityHandler(callRequestsEntity, 'create', callRequestHooks);
