import type { DeliveryRef } from '../db/webhook-deliveries.js';

/**
 * One due attempt handed from where deliveries are recorded (the stream consumer, the retry sweep) to where
 * they are sent (lib/webhooks/endpoint-queue.ts locally, the SQS delivery queue and its worker deployed).
 * It names the delivery and the due time it was seen at; the sender's claim is conditioned on that time, so
 * a job handed over twice (a redelivered message, a sweep that ran while it was queued) is sent once.
 */
export interface DeliveryJob {
  ref: DeliveryRef;
  dueAt: number;
}

/** Hands jobs to the senders and returns without waiting for any attempt. */
export type DeliveryDispatcher = (jobs: readonly DeliveryJob[]) => Promise<void>;

/** A job as a queue message's body (and back): JSON of the delivery's key and due time. */
export const jobText = (job: DeliveryJob): string =>
  JSON.stringify({ webhook_id: job.ref.webhookId, sk: job.ref.sk, due_at: job.dueAt });

export function jobOf(text: string): DeliveryJob | undefined {
  try {
    const parsed = JSON.parse(text) as { webhook_id?: unknown; sk?: unknown; due_at?: unknown };
    if (!Number.isInteger(parsed.webhook_id) || typeof parsed.sk !== 'string' || typeof parsed.due_at !== 'number')
      return undefined;
    return { ref: { webhookId: parsed.webhook_id as number, sk: parsed.sk }, dueAt: parsed.due_at };
  } catch {
    return undefined;
  }
}
