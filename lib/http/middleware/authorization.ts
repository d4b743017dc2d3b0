import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { authorize } from '../../auth/authorize.js';
import type { ApiContext, ApiEvent, ApiState } from '../api-request.js';

/**
 * A GET of one object only reads, so its operation may run while the caller's privileges are still being read
 * (one BatchGetItem of their groups): the object's reads go out beside it, and the request takes two sequential
 * DynamoDB steps instead of three. Nothing it read leaves before the verdict: `after` waits for it, and a
 * refusal replaces whatever the operation answered or threw (403 before 404, as SPEC §1 orders them).
 * Every other request is judged before anything else runs.
 */
const readsOneObject = (state: ApiState) => state.method === 'GET' && state.route?.operation === 'get';

async function settle(state: ApiState | undefined): Promise<void> {
  if (state?.authorized) await state.authorized;
}

/** Third judgement: may this caller do it at all? 403 before the body is even read. */
export function authorization(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ context }) => {
      const state = context.api;
      const { caller, route } = state;
      if (!caller || !route) throw new Error('authorization runs after authentication and routing');
      const verdict = authorize(caller, route);
      if (readsOneObject(state)) {
        state.authorized = verdict;
        // Awaited in after/onError; never an unhandled rejection meanwhile.
        verdict.catch(() => undefined);
      } else {
        await verdict;
      }
    },
    after: async ({ context }) => settle(context.api),
    onError: async (request) => {
      try {
        await settle(request.context.api);
      } catch (refusal) {
        request.error = refusal as Error;
      }
    },
  };
}
