import type { Stage } from './request.js';

/**
 * A verdict judged while the request goes on: the per-user rate limit (its UpdateItem) and the privileges of a
 * GET of one object (their BatchGetItem) are started in a middleware's `before` and not awaited there, so a read
 * runs its operation meanwhile. Nothing leaves before the verdict: `after` waits for it, and a refusal replaces
 * whatever the operation answered or threw. Written once here for both (lib/stack/middleware/rate-limit.ts,
 * authorization.ts).
 */

/** Starts a verdict that is awaited later: never an unhandled rejection meanwhile. */
export function deferred(verdict: Promise<void>): Promise<void> {
  verdict.catch(() => undefined);
  return verdict;
}

/** The `after` and `onError` of a middleware whose verdict `verdictOf` finds in the request's state. */
export function awaitVerdict<State>(
  verdictOf: (state: State) => Promise<void> | undefined,
): Pick<Stage<State>, 'after' | 'onError'> {
  return {
    after: async ({ context }) => {
      await verdictOf(context.api);
    },
    onError: async (request) => {
      try {
        // `api` is missing only when reading the request itself failed: then there is no verdict either.
        if (request.context.api) await verdictOf(request.context.api);
      } catch (refusal) {
        // The verdict comes before whatever else went wrong (or is a DynamoDB failure of its own).
        request.error = refusal as Error;
      }
    },
  };
}
