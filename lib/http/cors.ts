import { config } from '../config.js';

const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';
const ALLOWED_HEADERS =
  'Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, Storefront-Api-Access-Key';
/** Response headers a browser script may read (besides the CORS-safelisted ones). */
const EXPOSED_HEADERS = 'ETag, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotent-Replayed';

/** CORS headers for a request from `origin`: only the stage's configured origins (or `*`) are echoed. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const allowed = config().corsOrigins;
  if (!origin || allowed.length === 0) return {};
  if (allowed.includes('*'))
    return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
  if (!allowed.includes(origin)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin', 'Access-Control-Expose-Headers': EXPOSED_HEADERS };
}

/** SPEC §1: OPTIONS is a CORS preflight, answered without credentials, never 401. */
export function preflightHeaders(origin: string | undefined): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    Allow: ALLOWED_METHODS,
  };
}
