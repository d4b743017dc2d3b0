import { corsHeaders } from '../../http/cors.js';
import { errorToResult } from '../../http/error-response.js';
import { log } from '../../log.js';
import { recordRequest } from '../../metrics.js';
import type { Known, Phase } from '../request.js';
import { cachedForStorefront, PRIVATE } from './storefront-cache.js';

const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };

/** One log line and one metric set per request; a batch's item is part of its batch's request (debug, not counted). */
function logAnswer(known: Known | undefined, status: number): void {
  // `known` is missing only when reading the request itself failed.
  const latencyMs = known ? Date.now() - known.startedAt : 0;
  if (known?.batchCaller) log('debug', 'batch item', { status, latencyMs });
  else {
    log('info', 'request', { status, latencyMs });
    recordRequest(status, latencyMs);
  }
}

/**
 * The headers every answer to the request carries, success or error: security, CORS, the rate limit's (its verdict
 * is in by now: admission or dispatch awaited it) and, for a shopper's token, `private` caching.
 */
async function stackHeaders(known: Known | undefined, status: number): Promise<Record<string, string>> {
  logAnswer(known, status);
  const verdict = known?.verdict ? await known.verdict : undefined;
  return {
    ...SECURITY_HEADERS,
    ...corsHeaders(known?.headers.origin),
    ...verdict?.headers,
    ...(known?.caller?.storefront === 'customer' ? { 'Cache-Control': PRIVATE } : {}),
  };
}

/**
 * The third phase, outermost: the operation's answer, or any error turned into the contract's `{"message",
 * "status"}` through the one error map, completed with the stack's headers; a guest's storefront read made cacheable
 * (response/storefront-cache.ts). lib/stack/api-handler.ts then makes the API Gateway response of it.
 */
export function response(): Phase<Known | undefined> {
  return {
    after: async (request) => {
      const known = request.context.api;
      const result = request.response;
      if (!result) return;
      const answer = known ? cachedForStorefront(known, result) : result;
      request.response = { ...answer, headers: { ...(await stackHeaders(known, answer.status)), ...answer.headers } };
    },
    onError: async (request) => {
      const failure = errorToResult(request.error);
      const headers = { ...(await stackHeaders(request.context.api, failure.status)), ...failure.headers };
      request.response = { status: failure.status, body: failure.body, headers };
    },
  };
}
