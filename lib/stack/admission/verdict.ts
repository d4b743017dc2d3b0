import type { Verdict } from '../request.js';

/**
 * The verdict on a request in the contract's judging order (SPEC §1): the rate limit's refusal (429) first, then the
 * route's (404/405), then the privileges' (403). The bucket's UpdateItem and the privileges' read (a non-root
 * administrator's groups) were started together, so they cost one DynamoDB step, not two; whichever finishes first,
 * the answer is the same. A DynamoDB failure of either refuses the request with that failure (503 or 500).
 */
export async function judged(
  rate: Promise<Verdict>,
  routeRefusal: Error | undefined,
  privileges: Promise<void> | undefined,
): Promise<Verdict> {
  const [rated, privileged] = await Promise.allSettled([rate, privileges]);
  if (rated.status === 'rejected') return { headers: {}, refusal: rated.reason as Error };
  if (rated.value.refusal) return rated.value;
  const { headers } = rated.value;
  if (routeRefusal) return { headers, refusal: routeRefusal };
  if (privileged.status === 'rejected') return { headers, refusal: privileged.reason as Error };
  return rated.value;
}

/** Throws the verdict's refusal, if it has one. */
export async function enforce(verdict: Promise<Verdict>): Promise<void> {
  const { refusal } = await verdict;
  if (refusal) throw refusal;
}
