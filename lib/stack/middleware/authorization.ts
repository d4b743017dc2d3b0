import { authorize } from '../../auth/authorize.js';
import { awaitVerdict, deferred } from '../deferred-verdict.js';
import type { Authenticated, Authorized, RequestRead, Routed, Stage } from '../request.js';

/**
 * A GET of one object only reads, so its operation may run while the caller's privileges are still being read
 * (one BatchGetItem of their groups): the object's reads go out beside it, and the request takes two sequential
 * DynamoDB steps instead of three. Nothing it read leaves before the verdict, and a refusal replaces whatever the
 * operation answered or threw (403 before 404, as SPEC §1 orders them; lib/stack/deferred-verdict.ts).
 * Every other request is judged before anything else runs.
 */
const readsOneObject = (state: RequestRead & Routed) => state.method === 'GET' && state.route.operation === 'get';

/** Third judgement: may this caller do it at all? 403 before the body is even read. */
export function authorization(): Stage<RequestRead & Authenticated & Routed & Authorized> {
  return {
    before: async ({ context }) => {
      const state = context.api;
      const verdict = authorize(state.caller, state.route);
      if (readsOneObject(state)) state.authorized = deferred(verdict);
      else await verdict;
    },
    ...awaitVerdict((state: Authorized) => state.authorized),
  };
}
