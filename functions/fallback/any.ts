import { dispatcher } from '../../lib/stack/dispatcher.js';
import { HANDLERS } from '../handler-table.generated.js';

/**
 * Every /api path no other function claims: unknown entities (404), methods a
 * shape does not take (405), CORS preflights, and spellings API Gateway matches
 * case-sensitively but the API does not (/api/Usergroups) — dispatched in-process.
 */
export const handler = dispatcher(HANDLERS);
