import { config } from '../../config.js';
import { etagOf, parseTags, weakMatch } from '../../http/preconditions.js';
import type { ApiResult } from '../../http/response.js';
import type { Known } from '../request.js';

/**
 * Caching of the storefront (SPEC §11 "Cost"). A guest's answer to a GET of a storefront resource that guests may
 * read (`storefrontAccess: 'anyone'`: the catalogue, pages, settings, …) depends only on the path, the query and the
 * store, so it is public for the stage's `storefrontCacheSeconds` with a strong `ETag` of its body (the same tag as
 * single GETs carry, lib/http/preconditions.ts), and a matching `If-None-Match` is a 304 without a body: a CDN or the
 * app serves repeats. Every answer to a customer's token — success or error — is `private, no-store`.
 */
export const PRIVATE = 'private, no-store';
/** A shared cache must keep a customer's and a guest's answers to the same URL apart. */
const VARY = 'Origin, Authorization, Storefront-Api-Access-Key';

const cacheable = (known: Known, result: ApiResult) =>
  known.caller?.storefront === 'guest' &&
  known.method === 'GET' &&
  result.status === 200 &&
  known.route?.resource.http.storefrontAccess === 'anyone' &&
  (known.route.operation === 'list' || known.route.operation === 'get');

/** A guest's cacheable answer with its ETag (from the bytes sent) and public caching, or a 304; any other unchanged. */
export function cachedForStorefront(known: Known, result: ApiResult): ApiResult {
  if (!cacheable(known, result)) return result;
  const text = result.text ?? JSON.stringify(result.body);
  const etag = etagOf(result.body, text);
  const headers = {
    ...result.headers,
    ETag: etag,
    'Cache-Control': `public, max-age=${config().storefrontCacheSeconds}`,
    Vary: VARY,
  };
  const tags = parseTags(known.headers['if-none-match']);
  return tags && weakMatch(tags, etag) ? { status: 304, headers } : { ...result, text, headers };
}
