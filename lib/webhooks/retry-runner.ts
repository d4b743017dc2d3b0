import { dueDeliveries } from '../db/webhook-deliveries.js';
import { inBatches } from '../in-batches.js';
import { attemptDelivery, type WebhookCache } from './attempt.js';
import type { DeliveryDispatcher } from './delivery-job.js';
import { deliveryDispatcher } from './dispatch.js';

const PAGE = 100;

/**
 * The retry sweep: hands every delivery whose next attempt is due at `nowMs` to the senders (the scheduled
 * function each minute deployed, a timer under npm start). It waits for no attempt, so a hanging receiver
 * cannot hold it up; a job handed over twice is sent once (the sender's claim is conditioned on the due time
 * seen). It also finds what the consumer recorded but could not queue, and what a sender killed mid-attempt
 * left leased (due again when the lease runs out). Returns how many jobs it handed over; stops after
 * `maxPages` pages of the due index, the next run continues.
 */
export async function sweepDueDeliveries(
  nowMs = Date.now(),
  dispatch: DeliveryDispatcher = deliveryDispatcher(),
  maxPages = 10,
): Promise<number> {
  let handed = 0;
  let after: Record<string, unknown> | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const { due, last } = await dueDeliveries(nowMs, PAGE, after);
    await dispatch(due);
    handed += due.length;
    if (!last) break;
    after = last;
  }
  return handed;
}

export interface RunSummary {
  attempted: number;
  delivered: number;
}

/**
 * Sends every delivery due at `nowMs` right here and waits for the attempts (the tests step through the back-off
 * schedule with it, `nowMs` standing in for hours later). Production code sweeps instead.
 */
export async function runDueDeliveries(nowMs = Date.now(), maxPages = 10): Promise<RunSummary> {
  const summary: RunSummary = { attempted: 0, delivered: 0 };
  const cache: WebhookCache = new Map();
  await sweepDueDeliveries(
    nowMs,
    (jobs) =>
      inBatches(jobs, 16, async ({ ref, dueAt }) => {
        const result = await attemptDelivery(ref, dueAt, nowMs, cache);
        if (result === undefined) return;
        summary.attempted += 1;
        if (result.delivered) summary.delivered += 1;
      }),
    maxPages,
  );
  return summary;
}
