import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { cachedCaller, rememberCaller } from '../../auth/auth-cache.js';
import { authenticate } from '../../auth/authenticate.js';
import { authenticateStorefrontKey, guestCaller } from '../../auth/storefront-auth.js';
import { findEntity } from '../../entities/registry.js';
import type { Operation } from '../../entities/types.js';
import { addLogContext } from '../../log.js';
import { innerCaller } from '../inner-call.js';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { prefetched, prefetchKeys, type Prefetch } from '../prefetch.js';

/**
 * First judgement of every request (SPEC §1): who is calling? 401, or 429 while the pair is locked.
 * The items `prefetch` names are read in authentication's own BatchGetItem (not when a cached caller skips it).
 */
export function authentication(prefetch?: Prefetch, servedKey?: string): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  const open = isOpenOperation(servedKey);
  return {
    before: async ({ event, context }) => {
      const state = context.api;
      const { authorization } = state.headers;
      // A batch's item: the batch request's caller, authenticated once for all its items.
      state.caller = innerCaller(context);
      // No Authorization: the storefront's guest (its access key), or nobody on an open operation (POST
      // /auth_tokens, whose body holds the credentials; routing confirms the request is really that one).
      if (!state.caller && !authorization) {
        const storefrontKey = state.headers['storefront-api-access-key'];
        if (storefrontKey) state.caller = await authenticateStorefrontKey(storefrontKey, state.sourceIp);
        else if (open) state.caller = guestCaller(state.sourceIp);
        if (state.caller) return;
      }
      state.caller ??= cachedCaller(authorization, state.sourceIp);
      if (!state.caller) {
        const keys = prefetchKeys(prefetch, event.path ?? '', state.query);
        const { caller, lookup } = await authenticate(authorization, state.sourceIp, keys);
        state.caller = caller;
        if (keys.length > 0) state.prefetched = prefetched(keys, lookup);
        rememberCaller(authorization, state.sourceIp, state.caller);
      }
      addLogContext({ userId: state.caller.userId });
    },
  };
}

/** Whether the function serving `servedKey` (`auth_tokens.create`) needs no credentials. */
function isOpenOperation(servedKey: string | undefined): boolean {
  if (!servedKey) return false;
  const [entityName, operation] = servedKey.split('.');
  const entity = entityName === undefined ? undefined : findEntity(entityName);
  return operation !== undefined && (entity?.openOperations ?? []).includes(operation as Operation);
}
