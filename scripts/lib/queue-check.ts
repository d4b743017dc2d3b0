import {
  type EventSourceMappingConfiguration,
  LambdaClient,
  paginateListEventSourceMappings,
} from '@aws-sdk/client-lambda';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';

/**
 * The change feed's queues as deployed (infra/webhook-queues.cjs), read back: WebhookDeliveryQueue (FIFO, its
 * redrive to the dead-letter queue after 5 receives), WebhookDeliveryDeadLetterQueue (FIFO) and
 * EventsConsumerFailureQueue; the delivery worker's event source on the delivery queue (partial batch failures
 * reported), and the stream consumer's on-failure destination. moto emulates the queues and the mappings but runs
 * no Lambda code: what is checked is the wiring, not a delivery.
 */
export async function checkQueues(
  stage: string,
  region: string,
  env: Record<string, string | undefined>,
): Promise<string[]> {
  const config = {
    region,
    ...(env.AWS_ENDPOINT_URL ? { endpoint: env.AWS_ENDPOINT_URL } : {}),
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }
      : {}),
  };
  const sqs = new SQSClient(config);
  const lambda = new LambdaClient(config);
  const problems: string[] = [];
  const prefix = `store-api-${stage}-`;
  try {
    const attributes = async (name: string) => {
      try {
        const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: prefix + name }));
        const { Attributes = {} } = await sqs.send(
          new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }),
        );
        return Attributes;
      } catch (error) {
        problems.push(`queue ${prefix}${name}: ${(error as Error).name}`);
        return undefined;
      }
    };
    const delivery = await attributes('webhook-delivery.fifo');
    const deadLetter = await attributes('webhook-delivery-dlq.fifo');
    const failures = await attributes('events-consumer-failures');
    if (delivery && delivery.FifoQueue !== 'true') problems.push('WebhookDeliveryQueue is not FIFO');
    if (deadLetter && deadLetter.FifoQueue !== 'true') problems.push('WebhookDeliveryDeadLetterQueue is not FIFO');
    const redrive = delivery?.RedrivePolicy
      ? (JSON.parse(delivery.RedrivePolicy) as { deadLetterTargetArn?: string; maxReceiveCount?: number | string })
      : undefined;
    if (
      delivery &&
      (!redrive || redrive.deadLetterTargetArn !== deadLetter?.QueueArn || Number(redrive.maxReceiveCount) !== 5)
    ) {
      problems.push(`WebhookDeliveryQueue's redrive policy is ${delivery.RedrivePolicy ?? 'missing'}`);
    }
    const mappings: EventSourceMappingConfiguration[] = [];
    for await (const page of paginateListEventSourceMappings({ client: lambda }, {}))
      mappings.push(...(page.EventSourceMappings ?? []));
    const worker = mappings.find((m) => m.EventSourceArn === delivery?.QueueArn);
    if (!worker) problems.push('no event source mapping from WebhookDeliveryQueue');
    else {
      if (!String(worker.FunctionArn).endsWith(`${prefix}webhooks-deliver`))
        problems.push(`WebhookDeliveryQueue triggers ${worker.FunctionArn}, not webhooks-deliver`);
      if (!(worker.FunctionResponseTypes ?? []).includes('ReportBatchItemFailures'))
        problems.push('the delivery worker does not report partial batch failures');
    }
    const consumer = mappings.find((m) => String(m.FunctionArn).endsWith(`${prefix}events-consumer`));
    if (!consumer) problems.push('no event source mapping of events-consumer');
    else if (failures && consumer.DestinationConfig?.OnFailure?.Destination !== failures.QueueArn) {
      problems.push(
        `events-consumer's on-failure destination is ${consumer.DestinationConfig?.OnFailure?.Destination ?? 'missing'}, not EventsConsumerFailureQueue`,
      );
    }
    return problems;
  } finally {
    sqs.destroy();
    lambda.destroy();
  }
}
