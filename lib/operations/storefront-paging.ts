import { MAX_ITEMS_PER_PAGE } from '../http/paging.js';
import type { ApiRequest } from '../stack/request.js';

/**
 * Storefront paths clamp a large `items_per_page` to the most a page holds instead of refusing it (SPEC §11: the
 * apps ask for 500); anything else about paging is judged as on the administration paths.
 */
export function withClampedPaging(request: ApiRequest): ApiRequest {
  const asked = request.query.items_per_page?.trim() ?? '';
  if (!/^\d+$/.test(asked) || Number(asked) <= MAX_ITEMS_PER_PAGE) return request;
  return { ...request, query: { ...request.query, items_per_page: String(MAX_ITEMS_PER_PAGE) } };
}
