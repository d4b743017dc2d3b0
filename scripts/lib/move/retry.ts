/**
 * How a source request that failed is tried again (pure; SPEC §12): a 5xx, a 429 or an answer that is not JSON
 * (a proxy's error page, a half-sent body) is retried up to MAX_ATTEMPTS times in all; the wait doubles from
 * BASE_DELAY_MS up to MAX_DELAY_MS, and a `Retry-After` (seconds or an HTTP date) is honoured, up to
 * MAX_RETRY_AFTER_MS. Other 4xx are the source's answer: not retried.
 */
export const MAX_ATTEMPTS = 5;
export const BASE_DELAY_MS = 500;
export const MAX_DELAY_MS = 8_000;
export const MAX_RETRY_AFTER_MS = 120_000;

export function isRetryable(status: number, isJson: boolean): boolean {
  if (status === 429 || status >= 500) return true;
  return status >= 200 && status < 300 && !isJson;
}

/** The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed. */
export function retryDelayMs(attempt: number, retryAfter: string | null | undefined, now = Date.now()): number {
  const asked = retryAfterMs(retryAfter, now);
  if (asked !== undefined) return Math.min(asked, MAX_RETRY_AFTER_MS);
  return Math.min(BASE_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
}

export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
