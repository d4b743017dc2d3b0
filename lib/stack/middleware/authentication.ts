import { cachedCaller, rememberCaller } from '../../auth/auth-cache.js';
import { authenticate } from '../../auth/authenticate.js';
import { authenticateStorefrontKey, guestCaller } from '../../auth/storefront-auth.js';
import { rateLimitPolicy } from '../../db/rate-limit.js';
import type { Caller } from '../../entities/caller.js';
import type { EntityFinder } from '../../entities/finder.js';
import type { Operation } from '../../entities/types.js';
import { addLogContext } from '../../log.js';
import { type Prefetch, prefetched, prefetchKeys } from '../prefetch.js';
import type { Authenticated, RequestRead, Stage } from '../request.js';

/**
 * First judgement of every request (SPEC §1): who is calling? 401, or 429 while the pair is locked.
 * The items `prefetch` names are read in authentication's own BatchGetItem (not when a cached caller skips it).
 */
export function authentication(
  findEntity: EntityFinder,
  prefetch?: Prefetch,
  servedKey?: string,
): Stage<RequestRead & Authenticated> {
  const open = isOpenOperation(servedKey, findEntity);
  return {
    before: async ({ event, context }) => {
      const state = context.api;
      const { authorization } = state.headers;
      // Read once per request: authentication reads the bucket beside the login, the rate limit then takes its token.
      state.rateLimitPolicy = rateLimitPolicy();
      // A batch's item: the batch request's caller, authenticated once for all its items.
      let caller: Caller | undefined = state.batchCaller;
      // No Authorization: the storefront's guest (its access key), or nobody on an open operation (POST
      // /auth_tokens, whose body holds the credentials; routing confirms the request is really that one).
      if (!caller && !authorization) {
        const storefrontKey = state.headers['storefront-api-access-key'];
        if (storefrontKey) caller = await authenticateStorefrontKey(storefrontKey, state.sourceIp);
        else if (open) caller = guestCaller(state.sourceIp);
        if (caller) {
          state.caller = caller;
          return;
        }
      }
      caller ??= cachedCaller(authorization, state.sourceIp);
      if (!caller) {
        const keys = prefetchKeys(prefetch, event.path ?? '', state.query);
        const found = await authenticate(authorization, state.sourceIp, keys, state.rateLimitPolicy);
        caller = found.caller;
        if (keys.length > 0) state.prefetched = prefetched(keys, found.lookup);
        rememberCaller(authorization, state.sourceIp, caller);
      }
      state.caller = caller;
      addLogContext({ userId: caller.userId });
    },
  };
}

/** Whether the function serving `servedKey` (`auth_tokens.create`) needs no credentials. */
function isOpenOperation(servedKey: string | undefined, findEntity: EntityFinder): boolean {
  if (!servedKey) return false;
  const [entityName, operation] = servedKey.split('.');
  const entity = entityName === undefined ? undefined : findEntity(entityName);
  return operation !== undefined && (entity?.http.openOperations ?? []).includes(operation as Operation);
}
