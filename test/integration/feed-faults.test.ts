/**
 * The faults of docs/architecture.md "Webhook deliveries" that can be produced on this machine: a delivery job
 * that never reached a sender (a queue that refused it), a sender killed mid-attempt (its claim never finished),
 * and a stream batch the consumer gave up on, replayed from the stream by its position (what
 * `npm run admin -- replay-events` does with the on-failure queue's records). Nothing is lost, nothing sent twice.
 */
import { randomUUID } from 'node:crypto';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  type _Record,
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { claimDelivery } from '../../lib/db/webhook-deliveries.js';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { consumeChanges } from '../../lib/events/consume.js';
import { eventIdOf } from '../../lib/events/derive.js';
import { eventKeys } from '../../lib/events/event-keys.js';
import type { DeliveryJob } from '../../lib/webhooks/delivery-job.js';
import { runDueDeliveries } from '../../lib/webhooks/retry-runner.js';
import { webhookSinkWith } from '../../lib/webhooks/sink.js';
import { asLambdaRecord } from '../../scripts/lib/local-stream.js';
import { replayBatch } from '../../scripts/lib/replay-events.js';
import { useChangeFeed } from '../support/change-feed.js';
import { expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

// What the file's changes make in the change feed is what its tests read (test/support/change-feed.ts).
useChangeFeed();

const subscriptions: number[] = [];
const receivers: WebhookReceiver[] = [];

beforeAll(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
});

afterAll(async () => {
  await Promise.all(subscriptions.map((id) => api('DELETE', `/api/webhooks/${id}`)));
  await Promise.all(receivers.map((r) => r.stop()));
});

async function subscribedReceiver(): Promise<{ receiver: WebhookReceiver; webhookId: number }> {
  const receiver = new WebhookReceiver();
  receivers.push(receiver);
  const response = await api('POST', '/api/webhooks', {
    body: { url: await receiver.start(), events: ['statuses.updated'] },
  });
  expectStatus(response, 201);
  subscriptions.push(response.json.webhook_id);
  return { receiver, webhookId: response.json.webhook_id };
}

function statusEvent(): ChangeEvent {
  return {
    id: `evt_${uid()}`,
    type: 'statuses.updated',
    entity: 'statuses',
    action: 'updated',
    object_id: '1',
    company_id: null,
    created_at: new Date().toISOString(),
    data: { object: { status_id: 1 }, changed_fields: ['description'] },
  };
}

/** Records the event's deliveries and keeps the jobs instead of queueing them (a queue that refused them). */
async function recordOnly(event: ChangeEvent, webhookId: number): Promise<DeliveryJob> {
  let jobs: readonly DeliveryJob[] = [];
  await webhookSinkWith(
    () => async (handed) => {
      jobs = handed;
    },
    defaultTableContext(),
  )([event]);
  const job = jobs.find((j) => j.ref.webhookId === webhookId);
  expect(job).toBeDefined();
  return job!;
}

describe('faults of the change feed that leave nothing behind', () => {
  it('a delivery whose job never reached a sender is sent by the retry sweep, once', async () => {
    const { receiver, webhookId } = await subscribedReceiver();
    const event = statusEvent();
    await recordOnly(event, webhookId);
    expect(receiver.received.filter((m) => m.id === event.id)).toHaveLength(0);
    await runDueDeliveries(Date.now() + 1_000);
    await runDueDeliveries(Date.now() + 2_000);
    expect(receiver.received.filter((m) => m.id === event.id)).toHaveLength(1);
  });

  it('a sender killed mid-attempt (claimed, never finished) is retried once its lease runs out, not before', async () => {
    const { receiver, webhookId } = await subscribedReceiver();
    const event = statusEvent();
    const job = await recordOnly(event, webhookId);
    const claimedAt = Date.now();
    // The killed sender's claim: the delivery's due time moves a lease ahead, and no outcome is ever written.
    expect(await claimDelivery(job.ref, job.dueAt, claimedAt, 60_000, randomUUID())).toBeDefined();
    await runDueDeliveries(claimedAt + 30_000);
    expect(receiver.received.filter((m) => m.id === event.id)).toHaveLength(0);
    await runDueDeliveries(claimedAt + 61_000);
    expect(receiver.received.filter((m) => m.id === event.id)).toHaveLength(1);
  });

  it('a stream batch the consumer gave up on is replayed from its position: its event is stored again, once', async () => {
    const id = 800_000_000 + Math.floor(Math.random() * 1e8);
    await db().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { pk: `TAX#${id}`, sk: 'RECORD', tax_id: id, tax: `Replay ${uid()}`, status: 'A', version: 1 },
      }),
    );
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    const dynamo = new DynamoDBClient({ endpoint });
    const streams = new DynamoDBStreamsClient({ endpoint });
    try {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: process.env.TABLE_NAME }));
      const streamArn = Table!.LatestStreamArn!;
      const found = await findRecord(streams, streamArn, `TAX#${id}`);
      const eventId = eventIdOf(asLambdaRecord(found.record));
      // The background consumer stored it; remove it, as if that batch had failed for good.
      const marker = await waitForMarker(eventId);
      await db().send(
        new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: { pk: marker.feed_pk, sk: marker.feed_sk } }),
      );
      await db().send(new DeleteCommand({ TableName: process.env.TABLE_NAME, Key: eventKeys.marker(eventId) }));

      const seq = found.record.dynamodb!.SequenceNumber!;
      const batch = { streamArn, shardId: found.shardId, startSequenceNumber: seq, endSequenceNumber: seq };
      expect(await replayBatch(streams, batch, (changes) => consumeChanges(changes))).toBe(1);
      const stored = await waitForMarker(eventId);
      expect(JSON.parse(String(stored.event))).toMatchObject({
        id: eventId,
        type: 'taxes.created',
        object_id: String(id),
      });
      // Replayed again: stored once still (the same feed item).
      await replayBatch(streams, batch, (changes) => consumeChanges(changes));
      expect((await waitForMarker(eventId)).feed_sk).toBe(stored.feed_sk);
    } finally {
      dynamo.destroy();
      streams.destroy();
    }
  });
});

/** The stream record of an item's first write, searched over every shard from its oldest record. */
async function findRecord(
  streams: DynamoDBStreamsClient,
  streamArn: string,
  pk: string,
): Promise<{ shardId: string; record: _Record }> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      let { ShardIterator: iterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: shard.ShardId,
          ShardIteratorType: 'TRIM_HORIZON',
        }),
      );
      while (iterator) {
        const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        const record = (page.Records ?? []).find((r) => r.dynamodb?.Keys?.pk?.S === pk);
        if (record) return { shardId: shard.ShardId!, record };
        if ((page.Records ?? []).length === 0) break;
        iterator = page.NextShardIterator;
      }
    }
  }
  throw new Error(`no stream record of ${pk}`);
}

async function waitForMarker(eventId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { Item } = await db().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: eventKeys.marker(eventId), ConsistentRead: true }),
    );
    if (Item) return Item;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`event ${eventId} was not stored`);
}
