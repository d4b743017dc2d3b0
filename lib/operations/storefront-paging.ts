import type { ApiRequest } from '../http/operation.js';
import { storefrontQuery } from './storefront/query.js';

/**
 * A storefront request with its query as the apps send it read the catalogue's way (storefront/query.ts: a large
 * `items_per_page` clamped to the most a page holds, SPEC §11); anything else about paging is judged as on the
 * administration paths.
 */
export function withClampedPaging(request: ApiRequest): ApiRequest {
  const query = storefrontQuery(request.query);
  return query === request.query ? request : { ...request, query };
}
