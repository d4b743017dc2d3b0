import { dueDeliveries } from '../db/webhook-deliveries.js';
import { attemptDelivery, type WebhookCache } from './attempt.js';
import { inBatches } from '../in-batches.js';

const PAGE = 50;
const PARALLEL_ATTEMPTS = 16;

export interface RunSummary {
  attempted: number;
  delivered: number;
}

/**
 * Sends every delivery whose next attempt is due at `nowMs` (the scheduled function each minute deployed,
 * a timer under npm start). Each attempt is claimed first, so runners that overlap never send one twice.
 * `nowMs` is a parameter so the tests can step through the back-off schedule without waiting hours.
 * Stops after `maxPages` pages so one run stays within its function's time-out; the next run continues.
 */
export async function runDueDeliveries(nowMs = Date.now(), maxPages = 10): Promise<RunSummary> {
  const summary: RunSummary = { attempted: 0, delivered: 0 };
  const cache: WebhookCache = new Map();
  for (let page = 0; page < maxPages; page += 1) {
    const due = await dueDeliveries(nowMs, PAGE);
    if (due.length === 0) break;
    let claimed = 0;
    await inBatches(due, PARALLEL_ATTEMPTS, async ({ ref, dueAt }) => {
      const delivered = await attemptDelivery(ref, dueAt, nowMs, cache);
      if (delivered === undefined) return;
      claimed += 1;
      summary.attempted += 1;
      if (delivered) summary.delivered += 1;
    });
    // Everything seen was taken by another runner: leave the rest to it.
    if (claimed === 0 || due.length < PAGE) break;
  }
  return summary;
}
