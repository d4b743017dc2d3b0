import { DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from '@aws-sdk/client-dynamodb-streams';
import { DeleteMessageCommand, GetQueueUrlCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { StreamChange } from '../../lib/events/derive.js';
import { asLambdaRecord } from './local-stream.js';

/**
 * `npm run admin -- replay-events`: the stream consumer's failed batches, consumed again. Deployed, a batch the
 * consumer gave up on (infra/function-table.cjs: retried, halved, for 6 h) leaves its position in
 * EventsConsumerFailureQueue — Lambda's on-failure record names the stream, the shard and the first and last
 * sequence numbers. Replaying reads exactly that range from the stream again (it keeps records 24 h) and hands
 * it to the same consumer; the consumer is idempotent (event ids come from the records), so a replay of a batch
 * that partly went through stores and delivers each event once.
 */
export interface FailedBatch {
  streamArn: string;
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
}

/** The range of a Lambda on-failure record of a DynamoDB stream (`DDBStreamBatchInfo`), or undefined. */
export function failedBatchOf(body: string): FailedBatch | undefined {
  try {
    const info = (JSON.parse(body) as { DDBStreamBatchInfo?: Record<string, unknown> }).DDBStreamBatchInfo;
    const text = (name: string) =>
      typeof info?.[name] === 'string' && info[name] !== '' ? (info[name] as string) : undefined;
    const [streamArn, shardId, start, end] = [
      text('streamArn'),
      text('shardId'),
      text('startSequenceNumber'),
      text('endSequenceNumber'),
    ];
    if (!streamArn || !shardId || !start || !end) return undefined;
    return { streamArn, shardId, startSequenceNumber: start, endSequenceNumber: end };
  } catch {
    return undefined;
  }
}

/** Empty pages read in a row before the range is taken as ended (an open shard may answer empty now and then). */
const EMPTY_PAGES = 3;

/** Reads the batch's range from the stream and hands it to `consume`; returns how many records were replayed. */
export async function replayBatch(
  streams: DynamoDBStreamsClient,
  batch: FailedBatch,
  consume: (changes: StreamChange[]) => Promise<unknown>,
): Promise<number> {
  const end = BigInt(batch.endSequenceNumber);
  const { ShardIterator } = await streams.send(
    new GetShardIteratorCommand({
      StreamArn: batch.streamArn,
      ShardId: batch.shardId,
      ShardIteratorType: 'AT_SEQUENCE_NUMBER',
      SequenceNumber: batch.startSequenceNumber,
    }),
  );
  let iterator = ShardIterator;
  let replayed = 0;
  let empty = 0;
  while (iterator && empty < EMPTY_PAGES) {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    const records = page.Records ?? [];
    const inRange = records.filter((record) => BigInt(record.dynamodb?.SequenceNumber ?? '0') <= end);
    if (inRange.length > 0) await consume(inRange.map(asLambdaRecord));
    replayed += inRange.length;
    if (inRange.length < records.length) break;
    empty = records.length === 0 ? empty + 1 : 0;
    iterator = page.NextShardIterator;
  }
  return replayed;
}

/** `<service>-<stage>-events-consumer-failures` (infra/webhook-queues.cjs QUEUE_NAMES). */
export const failureQueueName = (stage: string, service = 'store-api') =>
  `${service}-${stage}-events-consumer-failures`;

/**
 * Points this process's webhook deliveries at the stage's delivery queue, as the deployed consumer's are, so
 * the replayed events' deliveries are sent by the stage's workers (call before lib/ reads the environment).
 */
export async function useDeliveryQueue(stage: string, service = 'store-api'): Promise<void> {
  const sqs = new SQSClient({});
  try {
    const { QueueUrl } = await sqs.send(
      new GetQueueUrlCommand({ QueueName: `${service}-${stage}-webhook-delivery.fifo` }),
    );
    if (QueueUrl) process.env.WEBHOOK_QUEUE_URL = QueueUrl;
  } finally {
    sqs.destroy();
  }
}

/**
 * Replays every failed batch waiting in the stage's failure queue, deleting each message once its batch went
 * through. A batch that cannot be replayed (its records left the stream's 24 h, or the consumer fails again)
 * is reported and left in the queue.
 */
export async function replayFailedBatches(
  stage: string,
  consume: (changes: StreamChange[]) => Promise<unknown>,
  log: (line: string) => void,
): Promise<{ replayed: number; failed: number }> {
  const sqs = new SQSClient({});
  const streams = new DynamoDBStreamsClient({});
  const summary = { replayed: 0, failed: 0 };
  try {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: failureQueueName(stage) }));
    const seen = new Set<string>();
    for (;;) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1, VisibilityTimeout: 300 }),
      );
      const fresh = Messages.filter((message) => !seen.has(message.MessageId!));
      if (fresh.length === 0) break;
      for (const message of fresh) {
        seen.add(message.MessageId!);
        const batch = failedBatchOf(message.Body ?? '');
        if (!batch) {
          log(`message ${message.MessageId}: not a stream batch's failure record; left in the queue`);
          summary.failed += 1;
          continue;
        }
        try {
          const records = await replayBatch(streams, batch, consume);
          await sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message.ReceiptHandle }));
          log(
            `replayed ${records} record(s) of ${batch.shardId} ${batch.startSequenceNumber}…${batch.endSequenceNumber}`,
          );
          summary.replayed += 1;
        } catch (error) {
          log(
            `${batch.shardId} ${batch.startSequenceNumber}…${batch.endSequenceNumber}: ${(error as Error).name}: ${(error as Error).message}; left in the queue`,
          );
          summary.failed += 1;
        }
      }
    }
    return summary;
  } finally {
    sqs.destroy();
    streams.destroy();
  }
}
