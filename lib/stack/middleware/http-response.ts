import { corsHeaders } from '../../http/cors.js';
import { errorToResult } from '../../http/error-response.js';
import type { ApiResult } from '../../http/response.js';
import { log } from '../../log.js';
import { recordRequest } from '../../metrics.js';
import type { RequestRead, Stage } from '../request.js';

const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };

function finish(context: { api?: RequestRead }, status: number): Record<string, string> {
  // `api` is missing only when reading the request itself failed.
  const state = context.api;
  const latencyMs = state ? Date.now() - state.startedAt : 0;
  // A batch's item is part of its batch's request: logged at debug level, not counted as a request.
  if (state?.batchCaller) log('debug', 'batch item', { status, latencyMs });
  else {
    log('info', 'request', { status, latencyMs });
    recordRequest(status, latencyMs);
  }
  return { ...SECURITY_HEADERS, ...corsHeaders(state?.headers.origin), ...state?.responseHeaders };
}

/**
 * Outermost middleware: completes the operation's answer with the stack's headers (CORS, security, RateLimit-*),
 * and turns any error into the contract's `{"message", "status"}` answer through the one error map. Logs one line
 * and one metric set per request. lib/stack/api-handler.ts then makes the API Gateway response of either.
 */
export function httpResponse(): Stage<RequestRead> {
  return {
    after: (request) => {
      const result = request.response;
      if (result)
        request.response = { ...result, headers: { ...finish(request.context, result.status), ...result.headers } };
    },
    onError: (request) => {
      const failure = errorToResult(request.error);
      const answer: ApiResult = {
        status: failure.status,
        body: failure.body,
        headers: { ...finish(request.context, failure.status), ...failure.headers },
      };
      request.response = answer;
    },
  };
}
