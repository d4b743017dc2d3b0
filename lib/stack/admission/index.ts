import { authorize } from '../../auth/authorize.js';
import { type BucketPolicy, rateLimitPolicy } from '../../db/rate-limit.js';
import type { EntityFinder } from '../../entities/finder.js';
import type { ApiEvent } from '../../http/api-event.js';
import { preflightHeaders } from '../../http/cors.js';
import type { ApiResult } from '../../http/response.js';
import type { Route } from '../../http/route.js';
import type { Prefetch } from '../prefetch.js';
import type { Known, Phase, RequestRead, StackContext } from '../request.js';
import { type Authenticated, authenticateRequest, isOpenOperation } from './authentication.js';
import { rateVerdict } from './rate-limit.js';
import { readRequest } from './read-request.js';
import { routeOf } from './routing.js';
import { enforce, judged } from './verdict.js';

/** What a function's admission routes with: the definitions it may serve and the operation it implements. */
export interface Gate {
  findEntity: EntityFinder;
  /** The route key this function serves (`users.get`); undefined for the catch-all, to which every route is a 404. */
  servedKey?: string;
  /** Items authentication reads beside the login for the operation (lib/stack/prefetch.ts). */
  prefetch?: Prefetch;
}

/** Methods whose operation may write: their verdict is settled before dispatch, so a refused write changes nothing. */
const WRITES = new Set(['POST', 'PUT', 'DELETE']);

/**
 * The request read (and made `context.api`, so even a 401 is answered with what is known) and its caller; a CORS
 * preflight is answered at once instead, before any credential check, with headers of its own.
 */
async function identify(
  event: ApiEvent,
  context: StackContext<Known>,
  prefetch: Prefetch | undefined,
  open: boolean,
): Promise<ApiResult | (Authenticated & { read: RequestRead; policy: BucketPolicy | undefined })> {
  const read = readRequest(event, context);
  context.api = read;
  if (read.method === 'OPTIONS') return { status: 204, headers: preflightHeaders(read.headers.origin) };
  // Read once per request: authentication reads the bucket beside the login, the rate limit then takes its token.
  const policy = rateLimitPolicy();
  return { read, policy, ...(await authenticateRequest(read, event.path ?? '', policy, prefetch, open)) };
}

/**
 * The first phase: who is calling (401, or the lockout's 429), their rate limit (429), which operation (404/405) and
 * whether they may (403), in that order (SPEC §1), made into one frozen Admission (lib/stack/request.ts). The bucket's
 * token and the privileges are read side by side (admission/verdict.ts). A write waits for their verdict here; a read
 * goes on to dispatch with it pending — a GET of a list once its privileges are known, a GET of one object at once, so
 * its object's reads travel with the privileges' (lib/db/joined-reads.ts) — and dispatch awaits it before the answer
 * exists. The answer's headers are the response phase's.
 */
export function admission(gate: Gate): Phase<Known> {
  const open = isOpenOperation(gate.servedKey, gate.findEntity);
  return {
    before: async ({ event, context }) => {
      const identified = await identify(event, context, gate.prefetch, open);
      if ('status' in identified) return identified;
      const { read, policy, caller, prefetched } = identified;
      const rawPath = event.path ?? '';
      const rate = rateVerdict(caller, policy, read.batchCaller !== undefined);
      const routed = attempt(() => routeOf(read.method, rawPath, read.query, gate.servedKey, gate.findEntity));
      const privileges = routed.value && authorize(caller, routed.value.route);
      const verdict = judged(rate, routed.error, privileges);
      context.api = Object.freeze({ ...read, caller, prefetched, verdict, ...routed.value });
      if (!privileges || WRITES.has(read.method)) await enforce(verdict);
      else if (!readsOneObject(read.method, routed.value?.route)) await privileges.catch(() => enforce(verdict));
      return undefined;
    },
  };
}

/**
 * The MCP endpoint's admission (lib/mcp/http-handler.ts): credentials and the rate limit only — its tools are routed
 * and judged one by one as in-process requests.
 */
export function callerAdmission(): Phase<Known> {
  return {
    before: async ({ event, context }) => {
      const identified = await identify(event, context, undefined, false);
      if ('status' in identified) return identified;
      const { read, policy, caller } = identified;
      const verdict = judged(rateVerdict(caller, policy, read.batchCaller !== undefined), undefined, undefined);
      context.api = Object.freeze({ ...read, caller, verdict });
      await enforce(verdict);
      return undefined;
    },
  };
}

/** A GET of one object: its operation may read while its privileges are read (lib/db/joined-reads.ts joins them). */
const readsOneObject = (method: string, route: Route | undefined) => method === 'GET' && route?.operation === 'get';

function attempt<T>(judge: () => T): { value?: T; error?: Error } {
  try {
    return { value: judge() };
  } catch (error) {
    return { error: error as Error };
  }
}
