import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChangeEvent } from '../../lib/entities/change-event.js';
import { startLocalChangeFeed } from '../../scripts/lib/local-change-feed.js';
import { subscribeLocalReceiver, subscribeUrl } from './feed-webhook.js';
import { median, percentile, round } from './stats.js';

/**
 * The change feed beside hostile receivers (docs/performance.md "Change feed"): one healthy receiver subscribed
 * to products.*, with no other subscription and then beside HANGING receivers that take every POST and never
 * answer (each attempt ends at the 10 s time-out). Paced product writes; for each: commit → the healthy
 * receiver has it, and commit → the pull feed shows it (lib/events/feed-reader.ts from a cursor, polled; this
 * includes the settle time, EVENTS_SETTLE_MS). Delivery is decoupled from the stream, so the hanging receivers
 * should leave both figures where they were.
 */
export const HANGING = 10;
const WRITES = 60;
const PER_SECOND = 10;

/** Alone, then beside the hanging receivers, this many times back to back: the ratio is relative to the load of the moment. */
const ROUNDS = 2;

interface Spread {
  median: number;
  p99: number;
}

export interface HostileRun {
  hanging: number;
  deliveredMs: Spread;
  feedLagMs: Spread;
  /** The 1-minute load average as the run ended (the machine may be shared). */
  loadAverage: number;
}

interface Samples {
  delivered: number[];
  feedLag: number[];
}

export interface HostileFigures {
  writes: number;
  perSecond: number;
  /** Each round: alone, then beside the hanging receivers. */
  rounds: Array<{ calm: HostileRun; hostile: HostileRun }>;
  /** Over every round's writes: the p99 beside the hanging receivers over the p99 alone (the goal: at most 2). */
  ratio: { deliveredP99: number; feedLagP99: number };
}

/** A receiver that takes each request and never answers (the sender's time-out ends the attempt). */
async function hangingReceiver(): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req) => req.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const spread = (values: number[]): Spread => ({
  median: round(median(values), 0),
  p99: round(percentile(values, 99), 0),
});

async function run(
  awsEnv: Record<string, string>,
  tableName: string,
  hanging: number,
  round_: number,
  say: (line: string) => void,
): Promise<Samples> {
  const { db } = await import('../../lib/db/client.js');
  const { readFeed } = await import('../../lib/events/instance-feed.js');
  const healthy = await subscribeLocalReceiver(['products.*']);
  const hangers = await Promise.all(Array.from({ length: hanging }, hangingReceiver));
  const hangingSubscriptions = await Promise.all(hangers.map((h) => subscribeUrl(h.url, ['products.*'])));
  const feed = await startLocalChangeFeed(awsEnv, tableName, (error) => say(`  change feed: ${error.message}`));
  const committedAt = new Map<string, number>();
  const inFeedAt = new Map<string, number>();
  const keyOf = (event: ChangeEvent) => `${event.object_id}:${String(event.data.object.product)}`;
  let polling = true;
  const start = await readFeed({ limit: 1 }).then((page) => page.next);
  const poller = (async () => {
    let after = start;
    while (polling) {
      const page = await readFeed({ after, limit: 250, entities: ['products'] });
      const now = performance.now();
      for (const event of page.events) if (!inFeedAt.has(keyOf(event))) inFeedAt.set(keyOf(event), now);
      after = page.next;
      if (!page.hasMore) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < WRITES; i++) {
      const id = 950_000 + i;
      const name = `Hostile ${round_}-${i}`;
      writes.push(
        db()
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: { pk: `PRODUCT#${id}`, sk: 'RECORD' },
              UpdateExpression:
                'SET product_id = :id, product = :name, price = :price, company_id = :company, #status = :status, version = if_not_exists(version, :zero) + :one',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':id': id,
                ':name': name,
                ':price': '10.00',
                ':company': 1,
                ':status': 'A',
                ':zero': 0,
                ':one': 1,
              },
            }),
          )
          .then(() => void committedAt.set(`${id}:${name}`, performance.now())),
      );
      await new Promise((resolve) => setTimeout(resolve, 1000 / PER_SECOND));
    }
    await Promise.all(writes);
    const deadline = Date.now() + 60_000;
    const arrivals = () =>
      new Map(healthy.receiver.received.map((m) => [keyOf(JSON.parse(m.body) as ChangeEvent), m.at]));
    while ([...committedAt.keys()].some((key) => !arrivals().has(key) || !inFeedAt.has(key))) {
      if (Date.now() > deadline)
        throw new Error(
          `with ${hanging} hanging receivers, the healthy receiver or the pull feed did not get every event within 60 s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const delivered = arrivals();
    return {
      delivered: [...committedAt].map(([key, at]) => delivered.get(key)! - at),
      feedLag: [...committedAt].map(([key, at]) => inFeedAt.get(key)! - at),
    };
  } finally {
    polling = false;
    await poller.catch(() => undefined);
    await feed.stop();
    await Promise.all(hangingSubscriptions.map((s) => s.stop()));
    await Promise.all(hangers.map((h) => h.stop()));
    await healthy.stop();
  }
}

const ratioOf = (alone: number, beside: number) => round(beside / Math.max(1, alone), 2);

export async function measureHostileFeed(
  awsEnv: Record<string, string>,
  tableName: string,
  say: (line: string) => void,
): Promise<HostileFigures> {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  const figure = (hanging: number, samples: Samples): HostileRun => ({
    hanging,
    deliveredMs: spread(samples.delivered),
    feedLagMs: spread(samples.feedLag),
    loadAverage: round(loadavg()[0]!, 1),
  });
  const rounds: HostileFigures['rounds'] = [];
  const all = { calm: { delivered: [], feedLag: [] } as Samples, hostile: { delivered: [], feedLag: [] } as Samples };
  for (let r = 0; r < ROUNDS; r++) {
    const calm = await run(awsEnv, tableName, 0, 2 * r + 1, say);
    const calmFigure = figure(0, calm);
    const hostile = await run(awsEnv, tableName, HANGING, 2 * r + 2, say);
    rounds.push({ calm: calmFigure, hostile: figure(HANGING, hostile) });
    for (const [into, from] of [
      [all.calm, calm],
      [all.hostile, hostile],
    ] as const) {
      into.delivered.push(...from.delivered);
      into.feedLag.push(...from.feedLag);
    }
  }
  const p99 = (values: number[]) => percentile(values, 99);
  return {
    writes: WRITES,
    perSecond: PER_SECOND,
    rounds,
    ratio: {
      deliveredP99: ratioOf(p99(all.calm.delivered), p99(all.hostile.delivered)),
      feedLagP99: ratioOf(p99(all.calm.feedLag), p99(all.hostile.feedLag)),
    },
  };
}

export function hostileFeedReport(figures: HostileFigures): string[] {
  const ms = (s: Spread) => `median ${s.median} ms, p99 ${s.p99} ms`;
  return [
    `Change feed beside ${HANGING} hanging receivers (${figures.writes} product writes at ${figures.perSecond}/s; every receiver subscribed to products.*;` +
      ` alone, then beside them, ${figures.rounds.length} times back to back):`,
    ...figures.rounds.flatMap(({ calm, hostile }, n) => [
      `  round ${n + 1}, healthy receiver, commit → delivered: ${ms(calm.deliveredMs)} alone (load average ${calm.loadAverage}); ` +
        `${ms(hostile.deliveredMs)} beside them (load average ${hostile.loadAverage})`,
      `  round ${n + 1}, pull feed, commit → shown (settle time included): ${ms(calm.feedLagMs)} alone; ${ms(hostile.feedLagMs)} beside them`,
    ]),
    `  ratio beside ${HANGING} hanging / alone, p99 over every round (goal: at most ×2): healthy receiver ×${figures.ratio.deliveredP99}, ` +
      `pull feed ×${figures.ratio.feedLagP99}`,
  ];
}
