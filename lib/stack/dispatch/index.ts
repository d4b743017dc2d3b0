import type { EntityFinder } from '../../entities/finder.js';
import type { ApiEvent } from '../../http/api-event.js';
import type { Operation } from '../../http/operation.js';
import type { ApiResult } from '../../http/response.js';
import type { Admission, StackContext } from '../request.js';
import { decodedBody } from './body-decoding.js';
import { checkCompanyContext } from './company-context.js';
import { loadCursorKeysFor } from './cursor-keys.js';
import { answerUnderClaim, claimOrReplay } from './idempotency.js';

/**
 * The second phase: an admitted request to its operation. The judgements that need the body or the operation's
 * objects come first — the body (413/415/400), the company of a store or vendor context path (404), the cursor keys,
 * the Idempotency-Key (400/409/422, or the stored answer) — then the operation, with the typed request of
 * lib/http/operation.ts. A read may have come with its verdict pending (admission/index.ts): it is awaited here,
 * before the answer is returned, and a refusal replaces whatever the operation answered or threw.
 */
export function dispatch(operation: Operation, findEntity: EntityFinder) {
  return async (event: ApiEvent, context: StackContext<Admission>): Promise<ApiResult> => {
    const admission = context.api;
    const answer = run(event, admission, operation, findEntity);
    // Both settle before anything is answered; the operation's failure is judged after the verdict.
    const [{ refusal }] = await Promise.all([admission.verdict, answer.catch(() => undefined)]);
    if (refusal) throw refusal;
    return answer;
  };
}

async function run(
  event: ApiEvent,
  admission: Admission,
  operation: Operation,
  findEntity: EntityFinder,
): Promise<ApiResult> {
  const body = decodedBody(event, admission);
  await checkCompanyContext(admission, findEntity);
  await loadCursorKeysFor(event.queryStringParameters?.cursor ?? undefined);
  const { claim, replay } = await claimOrReplay(event.path ?? '', admission, body);
  if (replay) return replay;
  const { caller, route, path, query, method, sourceIp, headers, prefetched } = admission;
  const answer = operation({
    method,
    version: path.version,
    route,
    query,
    caller,
    body,
    sourceIp,
    headers,
    prefetched,
  });
  return claim ? answerUnderClaim(claim, answer) : answer;
}
