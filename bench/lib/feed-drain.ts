import { performance } from 'node:perf_hooks';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ChangeEvent } from '../../lib/entities/change-event.js';
import { inBatches } from '../../lib/in-batches.js';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { round } from './stats.js';

/**
 * The local feed's drain rate after a bulk import (docs/performance.md "Change feed"): IMPORTED product records
 * written with BatchWriteItem as fast as DynamoDB Local takes them, with the consumer running as `npm start` runs
 * it (both sinks, from the stream's latest position); how long until every one of their events is stored, and so
 * how many events a second the local feed works off.
 */
const IMPORTED = 2_000;

export interface DrainFigures {
  imported: number;
  importSeconds: number;
  drainedSeconds: number;
  eventsPerSecond: number;
}

export async function measureFeedDrain(
  awsEnv: Record<string, string>,
  tableName: string,
  say: (line: string) => void,
): Promise<DrainFigures> {
  const { db } = await import('../../lib/db/client.js');
  const { storeEvents } = (await import('../../lib/events/instance-feed.js')).instanceEventStore;
  const { webhookSink } = await import('../../lib/webhooks/sink.js');
  const tag = `Drain ${Date.now()}`;
  let stored = 0;
  let lastStoredAt = 0;
  const countingStore = async (events: readonly ChangeEvent[]) => {
    await storeEvents(events);
    stored += events.filter((event) => String(event.data.object.product ?? '').startsWith(tag)).length;
    lastStoredAt = performance.now();
  };
  const feed = await startLocalChangeFeed(awsEnv, tableName, (error) => say(`  change feed: ${error.message}`), [
    countingStore,
    webhookSink,
  ]);
  try {
    const started = performance.now();
    const batches = Array.from({ length: IMPORTED / 25 }, (_, b) =>
      Array.from({ length: 25 }, (_, i) => 800_000 + b * 25 + i),
    );
    await inBatches(batches, 8, (ids) =>
      db().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName]: ids.map((id) => ({
              PutRequest: {
                Item: {
                  pk: `PRODUCT#${id}`,
                  sk: 'RECORD',
                  product_id: id,
                  product: `${tag} ${id}`,
                  price: '1.00',
                  amount: 1,
                  company_id: 1,
                  status: 'A',
                  version: 1,
                },
              },
            })),
          },
        }),
      ),
    );
    const imported = performance.now();
    const deadline = Date.now() + 600_000;
    while (stored < IMPORTED) {
      if (Date.now() > deadline)
        throw new Error(`the local feed stored ${stored} of ${IMPORTED} imported events in 10 min`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainedSeconds = (lastStoredAt - started) / 1000;
    return {
      imported: IMPORTED,
      importSeconds: round((imported - started) / 1000, 1),
      drainedSeconds: round(drainedSeconds, 1),
      eventsPerSecond: Math.round(IMPORTED / drainedSeconds),
    };
  } finally {
    await feed.stop();
  }
}

export function feedDrainReport(figures: DrainFigures): string[] {
  return [
    `Local feed after a bulk import (${figures.imported} product records by BatchWriteItem in ${figures.importSeconds} s): every event stored ` +
      `${figures.drainedSeconds} s after the import began — ${figures.eventsPerSecond} events/s (DynamoDB Local's stream, 4 shards read side by side)`,
  ];
}
