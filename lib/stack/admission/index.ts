import { authorize } from '../../auth/authorize.js';
import { rateLimitPolicy } from '../../db/rate-limit.js';
import type { EntityFinder } from '../../entities/finder.js';
import { preflightHeaders } from '../../http/cors.js';
import type { Prefetch } from '../prefetch.js';
import type { Known, Phase, RequestRead } from '../request.js';
import { authenticateRequest, isOpenOperation } from './authentication.js';
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

/** A CORS preflight is answered at once, before any credential check, with headers of its own. */
const preflight = (read: RequestRead) =>
  read.method === 'OPTIONS' ? { status: 204, headers: preflightHeaders(read.headers.origin) } : undefined;

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
      const read = readRequest(event, context);
      context.api = read;
      const early = preflight(read);
      if (early) return early;
      const rawPath = event.path ?? '';
      const policy = rateLimitPolicy();
      const { caller, prefetched } = await authenticateRequest(read, rawPath, policy, gate.prefetch, open);
      const rate = rateVerdict(caller, policy, read.batchCaller !== undefined);
      const routed = attempt(() => routeOf(read.method, rawPath, read.query, gate.servedKey, gate.findEntity));
      const privileges = routed.value && authorize(caller, routed.value.route);
      const verdict = judged(rate, routed.error, privileges);
      const admitted: Known = Object.freeze({ ...read, caller, prefetched, verdict, ...routed.value });
      context.api = admitted;
      if (!privileges || WRITES.has(read.method)) await enforce(verdict);
      else if (read.method !== 'GET' || routed.value?.route.operation !== 'get')
        await privileges.catch(() => enforce(verdict));
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
      const read = readRequest(event, context);
      context.api = read;
      const early = preflight(read);
      if (early) return early;
      const policy = rateLimitPolicy();
      const { caller } = await authenticateRequest(read, event.path ?? '', policy, undefined, false);
      const verdict = rateVerdict(caller, policy, read.batchCaller !== undefined).catch((failure: Error) => ({
        headers: {},
        refusal: failure,
      }));
      context.api = Object.freeze({ ...read, caller, verdict });
      await enforce(verdict);
      return undefined;
    },
  };
}

function attempt<T>(judge: () => T): { value?: T; error?: Error } {
  try {
    return { value: judge() };
  } catch (error) {
    return { error: error as Error };
  }
}
