import { logger } from '../log.js';
import { attemptDelivery, type WebhookCache } from './attempt.js';
import type { DeliveryDispatcher, DeliveryJob } from './delivery-job.js';

/**
 * How many attempts to one endpoint run at once in this process. A receiver that hangs holds at most this many
 * of its own attempts (each ends at the attempt time-out); every other endpoint has its own lanes.
 */
export const ENDPOINT_CONCURRENCY = 16;

interface Lane {
  waiting: DeliveryJob[];
  running: number;
}

/**
 * The delivery queue of `npm start` and the tests: one FIFO of jobs per webhook, each drained by up to
 * ENDPOINT_CONCURRENCY workers of its own, in this process. `dispatch` returns at once. A job already waiting
 * or under way (the same delivery at the same due time) is not queued twice, so the retry sweep may hand over
 * what it sees as often as it likes. Deployed, the SQS queue and its worker Lambda do this job
 * (lib/webhooks/sqs-queue.ts, functions/webhooks/deliver.ts).
 */
export class EndpointQueue {
  private readonly lanes = new Map<number, Lane>();
  private readonly known = new Set<string>();
  private readonly idle: Array<() => void> = [];

  constructor(private readonly attempt: (job: DeliveryJob) => Promise<unknown> = attemptNow) {}

  readonly dispatch: DeliveryDispatcher = async (jobs) => {
    for (const job of jobs) {
      const key = `${job.ref.webhookId}|${job.ref.sk}|${job.dueAt}`;
      if (this.known.has(key)) continue;
      this.known.add(key);
      let lane = this.lanes.get(job.ref.webhookId);
      if (!lane) {
        lane = { waiting: [], running: 0 };
        this.lanes.set(job.ref.webhookId, lane);
      }
      lane.waiting.push(job);
      this.pump(job.ref.webhookId, lane);
    }
  };

  /** Jobs waiting or under way, over every endpoint. */
  get size(): number {
    return this.known.size;
  }

  /** Resolves when nothing is waiting or under way (tests, a clean stop). */
  drained(): Promise<void> {
    return this.known.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(webhookId: number, lane: Lane): void {
    while (lane.running < ENDPOINT_CONCURRENCY && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.running += 1;
      void this.attempt(job)
        .catch((error: unknown) => logger.warn('webhook attempt failed to run', { webhookId, sk: job.ref.sk, error: String(error) }))
        .finally(() => {
          lane.running -= 1;
          this.known.delete(`${job.ref.webhookId}|${job.ref.sk}|${job.dueAt}`);
          if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(webhookId);
          else this.pump(webhookId, lane);
          if (this.known.size === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }
}

/** One attempt, now, with the webhook read for it (a job may wait in a lane a while: no stale cache). */
function attemptNow(job: DeliveryJob): Promise<unknown> {
  const cache: WebhookCache = new Map();
  return attemptDelivery(job.ref, job.dueAt, Date.now(), cache);
}
