import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { cachedCaller, rememberCaller } from '../../auth/auth-cache.js';
import { authenticate } from '../../auth/authenticate.js';
import { addLogContext } from '../../log.js';
import type { ApiContext, ApiEvent } from '../api-request.js';

/** First judgement of every request (SPEC §1): who is calling? 401, or 429 while the pair is locked. */
export function authentication(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ context }) => {
      const state = context.api;
      const { authorization } = state.headers;
      state.caller = cachedCaller(authorization, state.sourceIp);
      if (!state.caller) {
        state.caller = await authenticate(authorization, state.sourceIp);
        rememberCaller(authorization, state.sourceIp, state.caller);
      }
      addLogContext({ userId: state.caller.userId });
    },
  };
}
