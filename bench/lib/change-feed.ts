import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { median, percentile, round } from './stats.js';

/**
 * The change feed's figures (docs/performance.md "Change feed"): how long after a write commits its event is
 * stored (what a sink after the event store, such as webhooks, sees), on DynamoDB Local's own stream polled as
 * `npm start` does; and what the events add to the bill per million writes, from the measured event sizes and
 * consumer time with AWS's on-demand prices (us-east-1, arm64 Lambda).
 */
export interface ChangeFeedFigures {
  writes: number;
  commitToStoredMs: { median: number; p99: number; max: number };
  /** Records per consumer batch, as the local poller hands them on. */
  meanBatch: number;
  /** Consumer time per event (derive + store), in this process. */
  consumerMsPerEvent: number;
  meanFeedItemBytes: number;
  costPerMillionWrites: { writesUsd: number; storageUsd: number; lambdaUsd: number; totalUsd: number };
}

/** On-demand prices (us-east-1, 2026): write request units, storage per GB-month, arm64 Lambda. */
const PRICE = { perMillionWru: 0.625, perGbMonth: 0.25, perMillionInvocations: 0.2, perGbSecond: 0.0000133334 };
const LAMBDA_GB = 0.5;
/** Deployed batches (batchSize 100) are as full as the write rate allows; a conservative mean. */
const DEPLOYED_MEAN_BATCH = 10;

export async function measureChangeFeed(awsEnv: Record<string, string>, tableName: string, say: (line: string) => void, writes = 400): Promise<ChangeFeedFigures> {
  const { db } = await import('../../lib/db/client.js');
  const { storeEvents } = await import('../../lib/events/event-store.js');
  const storedAt = new Map<string, number>();
  const sizes: number[] = [];
  const batches: number[] = [];
  let consumerMs = 0;
  let consumed = 0;
  const timedStore = async (events: readonly ChangeEvent[]) => {
    const started = performance.now();
    await storeEvents(events);
    const now = performance.now();
    consumerMs += now - started;
    consumed += events.length;
    batches.push(events.length);
    for (const event of events) {
      storedAt.set(`${event.object_id}:${String(event.data.object.product)}`, now);
      sizes.push(Buffer.byteLength(JSON.stringify(event)) + 120);
    }
  };
  const feed = await startLocalChangeFeed(awsEnv, tableName, (error) => say(`  change feed: ${error.message}`), [timedStore]);
  const committedAt = new Map<string, number>();
  try {
    // Products as the API stores them (a record item): each write is one committed change of one object.
    const write = async (i: number, round_: number) => {
      const id = 900_000 + i;
      const name = `Feed ${round_}-${i}`;
      await db().send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `PRODUCT#${id}`, sk: 'RECORD' },
          UpdateExpression: 'SET product_id = :id, product = :name, price = :price, amount = :amount, company_id = :company, #status = :status, version = if_not_exists(version, :zero) + :one',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':id': id, ':name': name, ':price': `${10 + round_}.00`, ':amount': 100 - round_, ':company': 1, ':status': 'A', ':zero': 0, ':one': 1 },
        }),
      );
      committedAt.set(`${id}:${name}`, performance.now());
    };
    // Warm-up (module loads, first stream shard), then the measured writes: 10 in flight, creates then updates.
    for (let i = 0; i < 20; i++) await write(i, 0);
    await waitFor(() => storedAt.size >= 20);
    storedAt.clear();
    committedAt.clear();
    consumerMs = 0;
    consumed = 0;
    batches.length = 0;
    sizes.length = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < writes) {
          const n = next++;
          await write(n % (writes / 2), n < writes / 2 ? 1 : 2);
        }
      }),
    );
    await waitFor(() => [...committedAt.keys()].every((key) => storedAt.has(key)));
  } finally {
    await feed.stop();
  }
  const latencies = [...committedAt].map(([key, at]) => storedAt.get(key)! - at);
  const meanBytes = sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length);
  const msPerEvent = consumerMs / Math.max(1, consumed);
  // One transaction of two puts per event: transactions cost twice; the marker is one unit, the feed item one per KB.
  const wruPerEvent = 2 * (1 + Math.ceil(meanBytes / 1024));
  const writesUsd = wruPerEvent * PRICE.perMillionWru;
  const storageUsd = ((meanBytes + 100) * 1e6) / 1e9 * PRICE.perGbMonth;
  const lambdaUsd = (1e6 / DEPLOYED_MEAN_BATCH / 1e6) * PRICE.perMillionInvocations + 1e6 * (msPerEvent / 1000) * LAMBDA_GB * PRICE.perGbSecond;
  const figures: ChangeFeedFigures = {
    writes,
    commitToStoredMs: { median: round(median(latencies), 0), p99: round(percentile(latencies, 99), 0), max: round(Math.max(...latencies), 0) },
    meanBatch: round(batches.reduce((a, b) => a + b, 0) / Math.max(1, batches.length), 1),
    consumerMsPerEvent: round(msPerEvent, 2),
    meanFeedItemBytes: Math.round(meanBytes),
    costPerMillionWrites: { writesUsd: round(writesUsd), storageUsd: round(storageUsd), lambdaUsd: round(lambdaUsd), totalUsd: round(writesUsd + storageUsd + lambdaUsd) },
  };
  return figures;
}

async function waitFor(done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the change feed did not store every event within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function changeFeedReport(figures: ChangeFeedFigures): string[] {
  const c = figures.costPerMillionWrites;
  return [
    `Change feed (${figures.writes} writes of product records, 10 in flight, DynamoDB Local's stream polled every 200 ms as npm start does):`,
    `  commit → event stored: median ${figures.commitToStoredMs.median} ms, p99 ${figures.commitToStoredMs.p99} ms, max ${figures.commitToStoredMs.max} ms` +
      ` (the pull feed shows it after the settle time, EVENTS_SETTLE_MS, 3 s by default)`,
    `  consumer: ${figures.consumerMsPerEvent} ms per event, ${figures.meanBatch} records per batch; stored event ${figures.meanFeedItemBytes} bytes`,
    `  extra cost per million writes (on-demand, us-east-1): $${c.writesUsd} event store writes + $${c.storageUsd} storage for 30 days` +
      ` + $${c.lambdaUsd} consumer Lambda = $${c.totalUsd} (stream reads by Lambda are free)`,
  ];
}
