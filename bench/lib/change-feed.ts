import { performance } from 'node:perf_hooks';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChangeEvent } from '../../lib/entities/change-event.js';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { deployedMemoryMb, PRICES, PRICES_AS_OF } from './cost.js';
import { subscribeLocalReceiver } from './feed-webhook.js';
import { median, percentile, round } from './stats.js';

/**
 * The change feed's figures (docs/performance.md "Change feed"): how long after a write commits its event is
 * stored, and delivered to a webhook receiver on 127.0.0.1 (one subscription to products.*), on DynamoDB
 * Local's own stream polled as `npm start` does, with both sinks of lib/events/sinks.ts; and what the events
 * and each matching subscription's deliveries add to the bill per million writes, from the measured sizes and
 * consumer time with the prices of bench/lib/cost.ts.
 */
export interface ChangeFeedFigures {
  writes: number;
  commitToStoredMs: Latency;
  /** Commit → the receiver has the whole POST (signed, first attempt). */
  commitToDeliveredMs: Latency;
  /** The same, one write at a time at a steady rate (no backlog): the latency a single change sees. */
  paced: { writes: number; perSecond: number; commitToStoredMs: Latency; commitToDeliveredMs: Latency };
  /** Records per consumer batch, as the local poller hands them on. */
  meanBatch: number;
  /** Events the consumer was handed of writes made before this stage (0: the poller starts at the stream's latest position, no seeding is replayed). */
  earlierEvents: number;
  /** Consumer time per event (derive + store), in this process. */
  consumerMsPerEvent: number;
  /** The webhook sink's time per delivery (record, claim, POST, outcome), in this process. */
  webhookMsPerDelivery: number;
  meanFeedItemBytes: number;
  /** A delivery item after its successful attempt (the body sent, its attempts) and its event marker. */
  meanDeliveryItemBytes: number;
  meanDeliveryMarkerBytes: number;
  /** Mean write units of a delivery that gets through on its first attempt (counted from lib/db/webhook-deliveries.ts, item by item). */
  writeUnitsPerDelivery: number;
  pricesAsOf: string;
  costPerMillionWrites: Cost;
  /** What each subscription that matches every write adds on top of costPerMillionWrites. */
  webhookCostPerMillionWrites: Cost;
}

interface Latency {
  median: number;
  p99: number;
  max: number;
}

interface Cost {
  writesUsd: number;
  storageUsd: number;
  lambdaUsd: number;
  totalUsd: number;
}

/** The trickle after the burst: few enough per second that the local consumer keeps up. */
const PACED = { writes: 100, perSecond: 10 };
/** Deployed batches (batchSize 100) are as full as the write rate allows; a conservative mean. */
const DEPLOYED_MEAN_BATCH = 10;
/** A stored item's key and attribute names beyond its JSON (DynamoDB counts names and values). */
const ITEM_OVERHEAD_BYTES = 120;

const kb = (bytes: number) => Math.ceil(bytes / 1024);
const latency = (values: number[]): Latency => ({
  median: round(median(values), 0),
  p99: round(percentile(values, 99), 0),
  max: round(Math.max(...values), 0),
});
/** Stored for the 30 days of retention: a million items of `bytes` each, one GB-month per GB. */
const storageUsd = (bytes: number) => ((bytes * 1e6) / 1e9) * PRICES.dynamoDbPerGbMonth;
const lambdaUsd = (msPerEvent: number) =>
  1e6 * (msPerEvent / 1000) * (deployedMemoryMb() / 1024) * PRICES.lambdaArmPerGbSecond;
const cost = (writeUnits: number, storage: number, lambda: number): Cost => {
  const writes = writeUnits * PRICES.dynamoDbPerMillionWriteUnits;
  return {
    writesUsd: round(writes),
    storageUsd: round(storage),
    lambdaUsd: round(lambda),
    totalUsd: round(writes + storage + lambda),
  };
};

/**
 * Write units of a delivery that succeeds at once, as lib/db/webhook-deliveries.ts writes it: the delivery (a
 * conditional PutItem), its marker (in a BatchWriteItem), the claim and the outcome (UpdateItems of the delivery,
 * billed on its size), the webhook's last success (a small UpdateItem).
 */
export function deliveryWriteUnits(deliveryBytes: number, markerBytes: number): number {
  return kb(deliveryBytes) + kb(markerBytes) + kb(deliveryBytes) + kb(deliveryBytes) + 1;
}

/** An item's size as DynamoDB counts it, near enough: each attribute's name and value (strings unescaped). */
function itemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) =>
      sum + Buffer.byteLength(name) + Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value)),
    0,
  );
}

/**
 * Mean sizes of the webhook's delivery items and markers as stored (a page of each from its partition), and the
 * mean write units per delivery item by item (a product's delivery is close to 3 KB: a mean would hide that some
 * cross it).
 */
async function deliverySizes(
  tableName: string,
  webhookId: number,
): Promise<{ delivery: number; marker: number; writeUnits: number }> {
  const { db } = await import('../../lib/db/client.js');
  const sizes = async (prefix: string) => {
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': `WHDELIVERY#${webhookId}`, ':prefix': prefix },
        Limit: 100,
      }),
    );
    if (Items.length === 0) throw new Error(`the webhook has no ${prefix} items to measure`);
    return Items.map(itemBytes);
  };
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const deliveries = await sizes('AT#');
  const marker = mean(await sizes('EVT#'));
  return {
    delivery: mean(deliveries),
    marker,
    writeUnits: mean(deliveries.map((bytes) => deliveryWriteUnits(bytes, marker))),
  };
}

export async function measureChangeFeed(
  awsEnv: Record<string, string>,
  tableName: string,
  say: (line: string) => void,
  writes = 400,
): Promise<ChangeFeedFigures> {
  const { db } = await import('../../lib/db/client.js');
  const { storeEvents } = (await import('../../lib/events/instance-feed.js')).instanceEventStore;
  const { webhookSink } = await import('../../lib/webhooks/sink.js');
  const storedAt = new Map<string, number>();
  const sizes: number[] = [];
  const batches: number[] = [];
  let consumerMs = 0;
  let consumed = 0;
  let earlierEvents = 0;
  let webhookMs = 0;
  const keyOf = (event: ChangeEvent) => `${event.object_id}:${String(event.data.object.product)}`;
  const timedStore = async (events: readonly ChangeEvent[]) => {
    const started = performance.now();
    await storeEvents(events);
    const now = performance.now();
    consumerMs += now - started;
    consumed += events.length;
    batches.push(events.length);
    for (const event of events) {
      if (!String(event.data.object.product ?? '').startsWith('Feed ')) earlierEvents += 1;
      storedAt.set(keyOf(event), now);
      sizes.push(Buffer.byteLength(JSON.stringify(event)) + ITEM_OVERHEAD_BYTES);
    }
  };
  // The second sink as EVENT_SINKS has it: its first attempts are made before the batch is done.
  const timedWebhooks = async (events: readonly ChangeEvent[]) => {
    const started = performance.now();
    await webhookSink(events);
    webhookMs += performance.now() - started;
  };
  const webhook = await subscribeLocalReceiver(['products.*']);
  const { receiver } = webhook;
  const committedAt = new Map<string, number>();
  let figures: ChangeFeedFigures | undefined;
  let burst: { stored: Latency; delivered: Latency } | undefined;
  let paced: { stored: Latency; delivered: Latency } | undefined;
  let msPerEvent = 0;
  let msPerDelivery = 0;
  let meanBatch = 0;
  try {
    const feed = await startLocalChangeFeed(awsEnv, tableName, (error) => say(`  change feed: ${error.message}`), [
      timedStore,
      timedWebhooks,
    ]);
    try {
      // Products as the API stores them (a record item): each write is one committed change of one object.
      const write = async (i: number, round_: number) => {
        const id = 900_000 + i;
        const name = `Feed ${round_}-${i}`;
        await db().send(
          new UpdateCommand({
            TableName: tableName,
            Key: { pk: `PRODUCT#${id}`, sk: 'RECORD' },
            UpdateExpression:
              'SET product_id = :id, product = :name, price = :price, amount = :amount, company_id = :company, #status = :status, version = if_not_exists(version, :zero) + :one',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':id': id,
              ':name': name,
              ':price': `${10 + round_}.00`,
              ':amount': 100 - round_,
              ':company': 1,
              ':status': 'A',
              ':zero': 0,
              ':one': 1,
            },
          }),
        );
        committedAt.set(`${id}:${name}`, performance.now());
      };
      // Warm-up (module loads, first stream shard, the receiver's connection), then the measured writes: 10 in
      // flight, creates then updates.
      for (let i = 0; i < 20; i++) await write(i, 0);
      await waitFor(() => storedAt.size >= 20 && receiver.received.length >= 20, 'deliver');
      storedAt.clear();
      committedAt.clear();
      receiver.received.length = 0;
      consumerMs = 0;
      consumed = 0;
      webhookMs = 0;
      batches.length = 0;
      sizes.length = 0;
      const latencies = async () => {
        await waitFor(() => [...committedAt.keys()].every((key) => storedAt.has(key)), 'store');
        await waitFor(() => receiver.received.length >= committedAt.size, 'deliver');
        const arrivals = new Map(
          receiver.received.map((message) => [keyOf(JSON.parse(message.body) as ChangeEvent), message.at]),
        );
        const missing = [...committedAt.keys()].filter((key) => !arrivals.has(key));
        if (missing.length > 0)
          throw new Error(`the receiver never got ${missing.length} of the events (${missing[0]}, …)`);
        return {
          stored: latency([...committedAt].map(([key, at]) => storedAt.get(key)! - at)),
          delivered: latency([...committedAt].map(([key, at]) => arrivals.get(key)! - at)),
        };
      };
      let next = 0;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < writes) {
            const n = next++;
            await write(n % (writes / 2), n < writes / 2 ? 1 : 2);
          }
        }),
      );
      burst = await latencies();
      msPerEvent = consumerMs / Math.max(1, consumed);
      msPerDelivery = webhookMs / Math.max(1, receiver.received.length);
      meanBatch = round(batches.reduce((a, b) => a + b, 0) / Math.max(1, batches.length), 1);
      // Then a steady trickle: the latency of one change when the consumer has no backlog.
      storedAt.clear();
      committedAt.clear();
      receiver.received.length = 0;
      const trickle: Array<Promise<void>> = [];
      for (let i = 0; i < PACED.writes; i++) {
        trickle.push(write(i, 3));
        await new Promise((resolve) => setTimeout(resolve, 1000 / PACED.perSecond));
      }
      await Promise.all(trickle);
      paced = await latencies();
    } finally {
      await feed.stop();
    }
    const meanBytes = sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length);
    const deliveryBytes = await deliverySizes(tableName, webhook.webhookId);
    const writeUnitsPerDelivery = round(deliveryBytes.writeUnits, 1);
    // Two puts per event in BatchWriteItems: the feed item one unit, the marker (with the event) one per KB; and the
    // marker's check before (a consistent read, one read unit, priced as its share of a write unit).
    const eventWriteUnits =
      1 + kb(meanBytes) + PRICES.dynamoDbPerMillionReadUnits / PRICES.dynamoDbPerMillionWriteUnits;
    const invocationsUsd = (1e6 / DEPLOYED_MEAN_BATCH / 1e6) * PRICES.lambdaPerMillionRequests;
    figures = {
      writes,
      commitToStoredMs: burst!.stored,
      commitToDeliveredMs: burst!.delivered,
      paced: { ...PACED, commitToStoredMs: paced!.stored, commitToDeliveredMs: paced!.delivered },
      meanBatch,
      earlierEvents,
      consumerMsPerEvent: round(msPerEvent, 2),
      webhookMsPerDelivery: round(msPerDelivery, 2),
      meanFeedItemBytes: Math.round(meanBytes),
      meanDeliveryItemBytes: Math.round(deliveryBytes.delivery),
      meanDeliveryMarkerBytes: Math.round(deliveryBytes.marker),
      writeUnitsPerDelivery,
      pricesAsOf: PRICES_AS_OF,
      costPerMillionWrites: cost(eventWriteUnits, storageUsd(meanBytes + 100), invocationsUsd + lambdaUsd(msPerEvent)),
      // Same consumer invocations: a subscription adds its deliveries' writes, their 30 days, and the sink's time.
      webhookCostPerMillionWrites: cost(
        writeUnitsPerDelivery,
        storageUsd(deliveryBytes.delivery + deliveryBytes.marker),
        lambdaUsd(msPerDelivery),
      ),
    };
  } finally {
    await webhook.stop();
  }
  return figures;
}

async function waitFor(done: () => boolean, what: 'store' | 'deliver', timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`the change feed did not ${what} every event within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function changeFeedReport(figures: ChangeFeedFigures): string[] {
  const c = figures.costPerMillionWrites;
  const w = figures.webhookCostPerMillionWrites;
  const d = figures.commitToDeliveredMs;
  return [
    `Change feed (${figures.writes} writes of product records, 10 in flight, DynamoDB Local's stream polled every 200 ms as npm start does):`,
    `  commit → event stored: median ${figures.commitToStoredMs.median} ms, p99 ${figures.commitToStoredMs.p99} ms, max ${figures.commitToStoredMs.max} ms` +
      ` (the pull feed shows it after the settle time, EVENTS_SETTLE_MS, 3 s by default)`,
    `  commit → webhook delivered (receiver on 127.0.0.1, one subscription to products.*, first attempt): median ${d.median} ms, p99 ${d.p99} ms, max ${d.max} ms`,
    `  a steady ${figures.paced.perSecond} writes/s (${figures.paced.writes} writes): commit → stored median ${figures.paced.commitToStoredMs.median} ms, p99 ${figures.paced.commitToStoredMs.p99} ms;` +
      ` commit → delivered median ${figures.paced.commitToDeliveredMs.median} ms, p99 ${figures.paced.commitToDeliveredMs.p99} ms, max ${figures.paced.commitToDeliveredMs.max} ms`,
    `  consumer (in the burst): ${figures.consumerMsPerEvent} ms per event, ${figures.meanBatch} records per batch; stored event ${figures.meanFeedItemBytes} bytes;` +
      ` events of writes made before this stage handed over: ${figures.earlierEvents}`,
    `  extra cost per million writes (on-demand, us-east-1): $${c.writesUsd} event store writes + $${c.storageUsd} storage for 30 days` +
      ` + $${c.lambdaUsd} consumer Lambda = $${c.totalUsd} (stream reads by Lambda are free; prices as of ${figures.pricesAsOf}, bench/lib/cost.ts)`,
    `  each webhook subscription matching every write adds: $${w.writesUsd} delivery writes (${figures.writeUnitsPerDelivery} write units: delivery, marker,` +
      ` claim, outcome, last success; delivery ${figures.meanDeliveryItemBytes} bytes) + $${w.storageUsd} storage for 30 days + $${w.lambdaUsd} consumer time` +
      ` (${figures.webhookMsPerDelivery} ms per delivery) = $${w.totalUsd}`,
  ];
}
