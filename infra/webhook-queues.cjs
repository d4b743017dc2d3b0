/**
 * The change feed's queues (docs/architecture.md "Webhook deliveries"), in the stack that holds the events
 * domain's functions (`events`, or `all`):
 *
 * - WebhookDeliveryQueue (FIFO): one message per due delivery attempt, grouped `<webhook_id>-<lane>`
 *   (lib/webhooks/sqs-queue.ts), so a hanging endpoint blocks only its own groups. The stream consumer and the
 *   retry sweep send to it; the delivery worker (functions/webhooks/deliver.ts) receives from it. Visibility
 *   6× the worker's time-out, as AWS advises for a Lambda-triggered queue.
 * - WebhookDeliveryDeadLetterQueue (FIFO): where a message goes after MAX_RECEIVES failed receives (the worker
 *   could not claim or record: DynamoDB failing). The delivery stays due in the table, so the sweep sends it
 *   anyway; a message here is a signal to alarm on, not work to redo.
 * - EventsConsumerFailureQueue: the stream consumer's on-failure destination: the shard and sequence range of a
 *   batch it gave up on (DynamoDB throttled past every retry, a bug). `npm run admin -- replay-events --stage S`
 *   replays them from the stream (which keeps records 24 h): alarm on its depth.
 */
const DELIVERY_WORKER_TIMEOUT_SECONDS = 60;
const MAX_RECEIVES = 5;
const FOURTEEN_DAYS = 14 * 24 * 3600;

const QUEUE_NAMES = {
  WebhookDeliveryQueue: 'webhook-delivery.fifo',
  WebhookDeliveryDeadLetterQueue: 'webhook-delivery-dlq.fifo',
  EventsConsumerFailureQueue: 'events-consumer-failures',
};

/** Whether a stack (`domain`) holds the queues: the one with the events domain's functions. */
const holdsQueues = (domain) => domain === 'all' || domain === 'events';

function queueResources(service, stage) {
  const name = (id) => `${service}-${stage}-${QUEUE_NAMES[id]}`;
  return {
    WebhookDeliveryDeadLetterQueue: {
      Type: 'AWS::SQS::Queue',
      Properties: {
        QueueName: name('WebhookDeliveryDeadLetterQueue'),
        FifoQueue: true,
        MessageRetentionPeriod: FOURTEEN_DAYS,
      },
    },
    WebhookDeliveryQueue: {
      Type: 'AWS::SQS::Queue',
      Properties: {
        QueueName: name('WebhookDeliveryQueue'),
        FifoQueue: true,
        // High-throughput FIFO: de-duplication and the throughput limit per message group (per endpoint lane).
        DeduplicationScope: 'messageGroup',
        FifoThroughputLimit: 'perMessageGroupId',
        VisibilityTimeout: 6 * DELIVERY_WORKER_TIMEOUT_SECONDS,
        MessageRetentionPeriod: FOURTEEN_DAYS,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': ['WebhookDeliveryDeadLetterQueue', 'Arn'] },
          maxReceiveCount: MAX_RECEIVES,
        },
      },
    },
    EventsConsumerFailureQueue: {
      Type: 'AWS::SQS::Queue',
      Properties: { QueueName: name('EventsConsumerFailureQueue'), MessageRetentionPeriod: FOURTEEN_DAYS },
    },
  };
}

/** The queues of a stack, or none. */
async function webhookQueues({ resolveVariable, domain }) {
  if (!holdsQueues(domain)) return {};
  return queueResources(await resolveVariable('self:service'), await resolveVariable('sls:stage'));
}

/**
 * A queue's ARN and URL from its deterministic name, so that a function of another stack (the retry runner in the
 * webhooks stack) can be granted and told the queue without an import: the events stack, which creates the queues,
 * is deployed before it.
 */
const queueName = (id, service, stage) => `${service}-${stage}-${QUEUE_NAMES[id]}`;
const queueArn = (id, service, stage) => ({
  'Fn::Join': [
    ':',
    [
      'arn',
      { Ref: 'AWS::Partition' },
      'sqs',
      { Ref: 'AWS::Region' },
      { Ref: 'AWS::AccountId' },
      queueName(id, service, stage),
    ],
  ],
});
const queueUrl = (id, service, stage) => ({
  'Fn::Join': [
    '',
    [
      'https://sqs.',
      { Ref: 'AWS::Region' },
      '.amazonaws.com/',
      { Ref: 'AWS::AccountId' },
      '/',
      queueName(id, service, stage),
    ],
  ],
});

module.exports = {
  webhookQueues,
  queueResources,
  holdsQueues,
  queueArn,
  queueUrl,
  QUEUE_NAMES,
  DELIVERY_WORKER_TIMEOUT_SECONDS,
  MAX_RECEIVES,
};
