import { callRequestsEntity } from '../../lib/entities/call-requests.js';
import { callRequestHooks } from '../../lib/operations/call-requests.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(callRequestsEntity, 'create', callRequestHooks);
