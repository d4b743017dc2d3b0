import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../../lib/log.js';
import { attemptDelivery, type WebhookCache } from '../../lib/webhooks/attempt.js';
import { jobOf } from '../../lib/webhooks/delivery-job.js';

/**
 * The delivery worker, deployed: triggered by the FIFO queue WebhookDeliveryQueue (infra/webhook-queues.cjs),
 * one attempt per message. A receiver's answer, time-out or refusal is recorded on the delivery and is no
 * failure of the message (the back-off schedule decides the next attempt). Only a failure to claim or record
 * (DynamoDB) fails the message: SQS hands it over again, and after maxReceiveCount it moves to
 * WebhookDeliveryDeadLetterQueue — the delivery itself stays due in the table, so the retry sweep sends it
 * anyway. A malformed message is dropped with a log line (nothing could ever send it).
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  const cache: WebhookCache = new Map();
  for (const record of event.Records) {
    const job = jobOf(record.body);
    if (!job) {
      logger.warn('malformed webhook job dropped', { messageId: record.messageId });
      continue;
    }
    try {
      await attemptDelivery(job.ref, job.dueAt, Date.now(), cache);
    } catch (error) {
      logger.error('webhook attempt could not be recorded', { messageId: record.messageId, error: String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
};
