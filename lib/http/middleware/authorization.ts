import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { authorize } from '../../auth/authorize.js';
import type { ApiContext, ApiEvent } from '../api-request.js';

/** Third judgement: may this caller do it at all? 403 before the body is even read. */
export function authorization(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ context }) => {
      const { caller, route } = context.api;
      if (!caller || !route) throw new Error('authorization runs after authentication and routing');
      await authorize(caller, route);
    },
  };
}
