import { setTimeout as delay } from 'node:timers/promises';
import { StartupError } from './startup-error.js';

export interface PollOptions {
  /** What we wait for, for the error message ("DynamoDB Local on port 8000"). */
  what: string;
  timeoutMs: number;
  intervalMs?: number;
  /** Returns a reason to give up early (the process we wait for has exited), or undefined to keep waiting. */
  gaveUp?: () => string | undefined;
  /** Extra text for the timeout error, such as the tail of the process output. */
  details?: () => string;
}

/**
 * Calls `probe` until it returns true. Waiting for a port or an HTTP answer this way ends as soon as the
 * service is ready, where a fixed sleep would be either too short on a slow CI machine or wasted time.
 */
export async function pollUntil(probe: () => Promise<boolean>, options: PollOptions): Promise<void> {
  const { what, timeoutMs, intervalMs = 200, gaveUp, details } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gaveUp?.();
    if (reason !== undefined) throw new StartupError(withDetails(`${what} failed to start: ${reason}`, details));
    if (await probe()) return;
    if (Date.now() >= deadline) {
      throw new StartupError(withDetails(`${what} did not answer within ${Math.round(timeoutMs / 1000)} s`, details));
    }
    await delay(intervalMs);
  }
}

function withDetails(message: string, details: (() => string) | undefined): string {
  const text = details?.().trim();
  return text ? `${message}\n--- its output ---\n${text}\n---` : message;
}
