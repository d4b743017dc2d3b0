import { createHash } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { logger } from '../log.js';
import type { DeliveryDispatcher, DeliveryJob } from './delivery-job.js';
import { jobText } from './delivery-job.js';

/**
 * How many message groups one endpoint's jobs are spread over in the FIFO delivery queue. SQS hands a group's
 * messages to one worker at a time, in order, so an endpoint gets up to this many attempts at once and a
 * hanging one blocks only its own groups (Lambda scales over the other groups: every other endpoint).
 */
export const ENDPOINT_LANES = 16;

let client: SQSClient | undefined;
const sqs = () => (client ??= new SQSClient({}));

/** `<webhook_id>-<lane>`: the lane chosen by the event id, so one event's retries stay in one lane. */
export function messageGroupOf(job: DeliveryJob): string {
  const lane = createHash('sha256').update(job.ref.sk).digest()[0]! % ENDPOINT_LANES;
  return `${job.ref.webhookId}-${lane}`;
}

/** The same delivery at the same due time is one message for SQS's 5-minute de-duplication window. */
export const deduplicationIdOf = (job: DeliveryJob): string =>
  createHash('sha256').update(`${job.ref.webhookId}|${job.ref.sk}|${job.dueAt}`).digest('hex');

/**
 * The deployed dispatcher: SendMessageBatch of the jobs (10 a call) to the FIFO queue `queueUrl`
 * (WebhookDeliveryQueue, infra/webhook-queues.cjs). A job that cannot be queued is logged, not thrown: its
 * delivery is recorded as due, and the retry sweep (functions/webhooks/retry.ts, each minute) queues it again
 * — a queue outage delays deliveries, it never fails the stream consumer or loses one.
 */
export function sqsDispatcher(queueUrl: string): DeliveryDispatcher {
  return async (jobs) => {
    for (let i = 0; i < jobs.length; i += 10) {
      const slice = jobs.slice(i, i + 10);
      try {
        const { Failed = [] } = await sqs().send(
          new SendMessageBatchCommand({
            QueueUrl: queueUrl,
            Entries: slice.map((job, n) => ({
              Id: String(n),
              MessageBody: jobText(job),
              MessageGroupId: messageGroupOf(job),
              MessageDeduplicationId: deduplicationIdOf(job),
            })),
          }),
        );
        if (Failed.length > 0)
          logger.warn('webhook jobs not queued; the retry sweep queues them again', {
            failed: Failed.length,
            first: Failed[0]?.Message,
          });
      } catch (error) {
        logger.warn('webhook jobs not queued; the retry sweep queues them again', {
          jobs: slice.length,
          error: String(error),
        });
      }
    }
  };
}
