import type { DeliveryDispatcher } from './delivery-job.js';
import { EndpointQueue } from './endpoint-queue.js';
import { sqsDispatcher } from './sqs-queue.js';

let local: EndpointQueue | undefined;

/** This process's in-process queue (npm start, the tests): one per process, its lanes shared by every caller. */
export function localDeliveryQueue(): EndpointQueue {
  return (local ??= new EndpointQueue());
}

/**
 * Where recorded deliveries go to be sent: the SQS delivery queue when `WEBHOOK_QUEUE_URL` holds its URL
 * (deployed; infra/functions.cjs sets it), else this process's per-endpoint queue.
 */
export function deliveryDispatcher(env: NodeJS.ProcessEnv = process.env): DeliveryDispatcher {
  const url = env.WEBHOOK_QUEUE_URL?.trim() ?? '';
  // Only a queue's URL: serverless offline hands an unresolved `Ref` over as some other text.
  return /^https?:\/\//.test(url) ? sqsDispatcher(url) : localDeliveryQueue().dispatch;
}
