import { versionEntity } from '../../lib/entities/version.js';
import { ok } from '../../lib/http/response.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

/** GET /api/version → {"Version":"1.0"} (or "2.0" under /api/2.0/): any authenticated caller. */
export const handler = apiHandler(versionEntity, 'version.list', async ({ version }) => ok({ Version: version }));
