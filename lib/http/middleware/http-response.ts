import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { log } from '../../log.js';
import { recordRequest } from '../../metrics.js';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { corsHeaders } from '../cors.js';
import { innerCaller } from '../inner-call.js';
import { errorToResult } from '../error-response.js';
import { JSON_CONTENT_TYPE, toProxyResult, type ApiResult } from '../response.js';

const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };

function finish(request: { context: ApiContext; event: ApiEvent }, status: number): Record<string, string> {
  const state = request.context.api;
  const latencyMs = state ? Date.now() - state.startedAt : 0;
  // A batch's item is part of its batch's request: logged at debug level, not counted as a request.
  if (innerCaller(request.context)) log('debug', 'batch item', { status, latencyMs });
  else {
    log('info', 'request', { status, latencyMs });
    recordRequest(status, latencyMs);
  }
  return { ...SECURITY_HEADERS, ...corsHeaders(state?.headers.origin), ...state?.responseHeaders };
}

/**
 * Outermost middleware: turns the operation's ApiResult into an API Gateway
 * response, and any error into the contract's `{"message", "status"}` body.
 * Adds CORS and security headers to both, and logs one line and one metric set per request.
 */
export function httpResponse(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    after: (request) => {
      const result = request.response as unknown as ApiResult;
      request.response = toProxyResult(result, finish(request, result.status));
    },
    onError: (request) => {
      const failure = errorToResult(request.error);
      request.response = {
        statusCode: failure.status,
        headers: { 'Content-Type': JSON_CONTENT_TYPE, ...finish(request, failure.status), ...failure.headers },
        body: JSON.stringify(failure.body),
      };
    },
  };
}
