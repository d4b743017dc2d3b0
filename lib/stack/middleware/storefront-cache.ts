import { config } from '../../config.js';
import { etagOf, parseTags, weakMatch } from '../../http/preconditions.js';
import type { ApiResult } from '../../http/response.js';
import type { Authenticated, RequestRead, Routed, Stage } from '../request.js';

/**
 * Caching of the storefront (SPEC §11 "Cost"). A guest's answer to a GET of a storefront resource that guests may
 * read (`storefrontAccess: 'anyone'`: the catalogue, pages, settings, …) depends only on the path, the query and the
 * store, so it is public for the stage's `storefrontCacheSeconds` with a strong `ETag` of its body (the same tag as
 * single GETs carry, lib/http/preconditions.ts), and a matching `If-None-Match` is a 304 without a body: a CDN or the
 * app serves repeats. Every answer to a customer's token — success or error — is `private, no-store`.
 */
const PRIVATE = 'private, no-store';
/** A shared cache must keep a customer's and a guest's answers to the same URL apart. */
const VARY = 'Origin, Authorization, Storefront-Api-Access-Key';

type State = RequestRead & Authenticated & Routed;

const cacheable = (state: State, result: ApiResult) =>
  state.caller.storefront === 'guest' &&
  state.method === 'GET' &&
  result.status === 200 &&
  state.route.resource.http.storefrontAccess === 'anyone' &&
  (state.route.operation === 'list' || state.route.operation === 'get');

export function storefrontCache(): Stage<State> {
  return {
    before: ({ context }) => {
      const state = context.api;
      if (state.caller.storefront === 'customer') state.responseHeaders['Cache-Control'] = PRIVATE;
    },
    after: (request) => {
      const state = request.context.api;
      const result = request.response;
      if (!result || !cacheable(state, result)) return;
      const text = result.text ?? JSON.stringify(result.body);
      const etag = etagOf(result.body, text);
      const headers = {
        ...result.headers,
        ETag: etag,
        'Cache-Control': `public, max-age=${config().storefrontCacheSeconds}`,
        Vary: VARY,
      };
      const tags = parseTags(state.headers['if-none-match']);
      request.response = tags && weakMatch(tags, etag) ? { status: 304, headers } : { ...result, text, headers };
    },
  };
}
