import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { decodeBody } from '../body.js';

/** Fourth judgement, PUT and POST only: 413, 415, or 400 for an empty or malformed body. Other methods' bodies are ignored. */
export function bodyDecoding(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: ({ event, context }) => {
      const state = context.api;
      if (state.method !== 'PUT' && state.method !== 'POST') return;
      state.body = decodeBody(event.body, event.isBase64Encoded === true, state.headers['content-type']);
    },
  };
}
