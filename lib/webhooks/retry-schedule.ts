/**
 * When a delivery is tried again after a failed attempt (any non-2xx answer, a refused connection or a
 * time-out). Exponential-ish like Stripe's: quick retries for a blip, then hours apart, for 27 h 35 min in
 * all (at least the 24 h the receivers' outages are promised), then the delivery is failed.
 * Index n is the wait after the (n+1)-th failed attempt.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];

/** First attempt plus one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** How long one attempt may take before it counts as a failure (the receiver should answer fast and work later). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The time (ms) of the next attempt after `failedAttempts` failures, or undefined when the delivery has failed for good. */
export function nextAttemptAt(failedAttempts: number, nowMs: number): number | undefined {
  const delay = RETRY_DELAYS_SECONDS[failedAttempts - 1];
  return delay === undefined ? undefined : nowMs + delay * 1000;
}
