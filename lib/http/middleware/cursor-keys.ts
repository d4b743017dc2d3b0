import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { loadCursorKeys } from '../../cursor-keys.js';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { signedWithKnownKey } from '../cursor.js';

/**
 * Before the operation: the stage's cursor keys are loaded (once per cold start, from SSM; lib/cursor-keys.ts), and a
 * request whose cursor is signed with a key this instance does not know yet makes it read them again — a rotation
 * happened since it started — before the operation judges the cursor.
 */
export function cursorKeys(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ event }) => {
      await loadCursorKeys();
      const cursor = event.queryStringParameters?.cursor;
      if (cursor && !signedWithKnownKey(cursor)) await loadCursorKeys({ refresh: true });
    },
  };
}
