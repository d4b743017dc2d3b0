import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { cachedCaller, rememberCaller } from '../../auth/auth-cache.js';
import { authenticate } from '../../auth/authenticate.js';
import { addLogContext } from '../../log.js';
import { innerCaller } from '../inner-call.js';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { prefetched, prefetchKeys, type Prefetch } from '../prefetch.js';

/**
 * First judgement of every request (SPEC §1): who is calling? 401, or 429 while the pair is locked.
 * The items `prefetch` names are read in authentication's own BatchGetItem (not when a cached caller skips it).
 */
export function authentication(prefetch?: Prefetch): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ event, context }) => {
      const state = context.api;
      const { authorization } = state.headers;
      // A batch's item: the batch request's caller, authenticated once for all its items.
      state.caller = innerCaller(context) ?? cachedCaller(authorization, state.sourceIp);
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
