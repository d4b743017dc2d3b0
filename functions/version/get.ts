import { ok } from '../../lib/http/response.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /api/version → {"Version":"1.0"} (or "2.0" under /api/2.0/): any authenticated caller. */
export const handler = apiHandler('version.list', async ({ version }) => ok({ Version: version }));
