import { logger } from '../log.js';
import { type AttemptResult, attemptDelivery, type WebhookCache } from './attempt.js';
import type { DeliveryDispatcher, DeliveryJob } from './delivery-job.js';

/** The most attempts to one endpoint that run at once in this process (an endpoint that answers). */
export const ENDPOINT_CONCURRENCY = 16;
/** Attempts at once to an endpoint not heard from yet in this process; each answer allows one more, up to the most. */
export const INITIAL_CONCURRENCY = 4;
/**
 * Jobs one endpoint's lane holds waiting. Beyond, a job is left where it is recorded (due in the table): the retry
 * sweep hands it over again once the lane has room, so a dead endpoint's backlog costs this process no memory.
 */
export const MAX_WAITING = 2_000;

interface Lane {
  waiting: DeliveryJob[];
  running: number;
  /** Attempts allowed at once now: grows by one with each answer, back to one after an attempt nobody answered. */
  limit: number;
}

/**
 * The delivery queue of `npm start` and the tests: one FIFO of jobs per webhook, each drained by workers of its
 * own, in this process. `dispatch` returns at once. A job already waiting or under way (the same delivery at the
 * same due time) is not queued twice, so the retry sweep may hand over what it sees as often as it likes.
 *
 * An endpoint's concurrency adapts, as a circuit breaker would: it starts at INITIAL_CONCURRENCY, each attempt
 * the receiver answers (any status) allows one more up to ENDPOINT_CONCURRENCY, and an attempt that got no answer
 * (time-out, refused or reset connection) takes it back to one. A receiver that hangs is then tried one attempt
 * at a time — a single open socket, a claim and an outcome every 10 s — while its other jobs wait in its lane,
 * unclaimed; the first answer opens it up again. So hanging endpoints cost the healthy ones and the event store
 * (which share this process and its database) next to nothing. Deployed, the SQS queue and its worker Lambda do
 * this job (lib/webhooks/sqs-queue.ts, functions/webhooks/deliver.ts).
 */
export class EndpointQueue {
  private readonly lanes = new Map<number, Lane>();
  private readonly known = new Set<string>();
  private readonly idle: Array<() => void> = [];

  constructor(private readonly attempt: (job: DeliveryJob) => Promise<AttemptResult | undefined> = attemptNow) {}

  readonly dispatch: DeliveryDispatcher = async (jobs) => {
    for (const job of jobs) {
      const key = keyOf(job);
      if (this.known.has(key)) continue;
      let lane = this.lanes.get(job.ref.webhookId);
      if (!lane) {
        lane = { waiting: [], running: 0, limit: INITIAL_CONCURRENCY };
        this.lanes.set(job.ref.webhookId, lane);
      }
      if (lane.waiting.length >= MAX_WAITING) continue;
      this.known.add(key);
      lane.waiting.push(job);
      this.pump(job.ref.webhookId, lane);
    }
  };

  /** Jobs waiting or under way, over every endpoint. */
  get size(): number {
    return this.known.size;
  }

  /** How many attempts to this endpoint may run at once now (INITIAL_CONCURRENCY for one not seen yet). */
  concurrencyOf(webhookId: number): number {
    return this.lanes.get(webhookId)?.limit ?? INITIAL_CONCURRENCY;
  }

  /** Resolves when nothing is waiting or under way (tests, a clean stop). */
  drained(): Promise<void> {
    return this.known.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(webhookId: number, lane: Lane): void {
    while (lane.running < lane.limit && lane.waiting.length > 0) {
      const job = lane.waiting.shift()!;
      lane.running += 1;
      void this.attempt(job)
        .then((result) => {
          if (!result) return;
          lane.limit = result.answered ? Math.min(ENDPOINT_CONCURRENCY, lane.limit + 1) : 1;
        })
        .catch((error: unknown) =>
          logger.warn('webhook attempt failed to run', { webhookId, sk: job.ref.sk, error: String(error) }),
        )
        .finally(() => {
          lane.running -= 1;
          this.known.delete(keyOf(job));
          // An idle lane is kept while it is throttled (its endpoint did not answer): a new job starts at one attempt.
          if (lane.running === 0 && lane.waiting.length === 0 && lane.limit >= INITIAL_CONCURRENCY)
            this.lanes.delete(webhookId);
          else this.pump(webhookId, lane);
          if (this.known.size === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }
}

const keyOf = (job: DeliveryJob) => `${job.ref.webhookId}|${job.ref.sk}|${job.dueAt}`;

/** One attempt, now, with the webhook read for it (a job may wait in a lane a while: no stale cache). */
function attemptNow(job: DeliveryJob): Promise<AttemptResult | undefined> {
  const cache: WebhookCache = new Map();
  return attemptDelivery(job.ref, job.dueAt, Date.now(), cache);
}
