import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { authenticate } from '../../auth/authenticate.js';
import { addLogContext } from '../../log.js';
import type { ApiContext, ApiEvent } from '../api-request.js';

/** First judgement of every request (SPEC §1): who is calling? 401, or 429 while the pair is locked. */
export function authentication(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ context }) => {
      const state = context.api;
      state.caller = await authenticate(state.headers.authorization, state.sourceIp);
      addLogContext({ userId: state.caller.userId });
    },
  };
}
