import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { StreamChange } from '../../lib/events/derive.js';
import { inBatches } from '../../lib/in-batches.js';

/** How often the shard list is read again (DescribeStream), in ms: shards open and close every few minutes. */
const DISCOVERY_MS = 2_000;
/** Shards read side by side. */
const PARALLEL_SHARDS = 4;
/** Polls that found nothing before the poller slows to its idle pace. */
const BUSY_POLLS = 10;

export interface LocalStreamOptions {
  /** A client of the DynamoDB holding the table (its endpoint and credentials are reused for the stream). */
  dynamo: DynamoDBClient;
  tableName: string;
  /** Handles one batch; a throw leaves the batch to be read again on the next poll (at-least-once, as Lambda). */
  onChanges: (changes: StreamChange[]) => Promise<unknown>;
  /** The wait between polls while changes come (default 200 ms). */
  intervalMs?: number;
  /** The wait between polls once BUSY_POLLS in a row found nothing (default 1,000 ms); the first change ends it. */
  idleIntervalMs?: number;
  onError?: (error: Error) => void;
}

export interface LocalStream {
  stop(): Promise<void>;
}

/**
 * The deployed stream trigger, locally: polls the table's stream on DynamoDB Local (which implements the
 * DynamoDB Streams API) and hands each shard's records, in order, to the consumer in this process. Shards that
 * exist at start are read from their newest record (what was written before is not replayed); shards that open
 * later, from their first. A shard's batch that fails is read again, so nothing committed is skipped.
 */
export async function startLocalStream(options: LocalStreamOptions): Promise<LocalStream> {
  const { dynamo, tableName, onChanges } = options;
  const intervalMs = options.intervalMs ?? 200;
  const idleIntervalMs = Math.max(options.idleIntervalMs ?? 1_000, intervalMs);
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${tableName} has no stream (lib/db/setup.ts ensureTable turns it on)`);
  const streams = new DynamoDBStreamsClient({
    endpoint: await endpointOf(dynamo),
    region: await dynamo.config.region(),
    credentials: await dynamo.config.credentials(),
  });

  /** Shard id → the iterator to read next (null once the shard is closed and read to its end). */
  const iterators = new Map<string, string | null>();
  /** Shard id → its parent's id: a child is read only once its parent is read to its end (an item's order). */
  const parents = new Map<string, string | undefined>();
  let first = true;
  let stopped = false;
  let lastDiscovery = 0;
  /** A shard was read to its end since the last discovery: its child is to be found. */
  let closedSinceDiscovery = false;

  async function discoverShards(): Promise<void> {
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      for (const shard of StreamDescription?.Shards ?? []) {
        const id = shard.ShardId!;
        if (iterators.has(id)) continue;
        const { ShardIterator } = await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: id,
            ShardIteratorType: first ? 'LATEST' : 'TRIM_HORIZON',
          }),
        );
        iterators.set(id, ShardIterator ?? null);
        parents.set(id, shard.ParentShardId);
      }
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    first = false;
    lastDiscovery = Date.now();
    closedSinceDiscovery = false;
  }

  /** Reads one shard on to its present end, batch by batch, in order; returns how many records it handed on. */
  async function drainShard(shard: string): Promise<number> {
    let handed = 0;
    for (let current = iterators.get(shard) ?? null; current; ) {
      const page: GetRecordsCommandOutput = await streams.send(
        new GetRecordsCommand({ ShardIterator: current, Limit: 1000 }),
      );
      const records = page.Records ?? [];
      if (records.length > 0) await onChanges(records.map(asLambdaRecord));
      handed += records.length;
      // Only now is the shard's position moved past the batch: a failed batch is read again.
      current = page.NextShardIterator ?? null;
      iterators.set(shard, current);
      if (!current) closedSinceDiscovery = true;
      if (records.length === 0) break;
    }
    return handed;
  }

  /**
   * One round: new shards are looked for at most every DISCOVERY_MS (or when a shard has closed, as a child then
   * opens), and the readable shards — open ones whose parent is read to its end — are drained side by side, at
   * most PARALLEL_SHARDS at once: DynamoDB Local splits a busy stream over many shards, and one at a time the
   * poller fell behind a bulk import.
   */
  async function pollOnce(): Promise<number> {
    if (closedSinceDiscovery || Date.now() - lastDiscovery >= DISCOVERY_MS) await discoverShards();
    const readable = [...iterators].filter(([shard, iterator]) => {
      if (!iterator) return false;
      const parent = parents.get(shard);
      return parent === undefined || !iterators.has(parent) || iterators.get(parent) === null;
    });
    let handed = 0;
    await inBatches(readable, PARALLEL_SHARDS, async ([shard]) => {
      handed += await drainShard(shard);
    });
    return handed;
  }

  // Take the shards' current ends before returning, so a change made right after start is seen.
  await discoverShards();
  const loop = (async () => {
    let emptyPolls = 0;
    while (!stopped) {
      try {
        emptyPolls = (await pollOnce()) > 0 ? 0 : emptyPolls + 1;
      } catch (error) {
        if (!stopped) options.onError?.(error as Error);
      }
      await new Promise((resolve) => setTimeout(resolve, waitAfter(emptyPolls, intervalMs, idleIntervalMs)));
    }
  })();

  return {
    async stop() {
      stopped = true;
      await loop;
      streams.destroy();
    },
  };
}

/**
 * The wait before the next poll. A quiet stream is polled at the idle pace: each poll costs DynamoDB Local and this
 * process a few milliseconds of CPU (about 0.03 s a second of both while nothing changes, at 200 ms), for every store
 * a test run or `npm start` keeps. A change is then handed on within the idle interval, and the polls after it are
 * at the busy pace again.
 */
export function waitAfter(emptyPolls: number, intervalMs: number, idleIntervalMs: number): number {
  return emptyPolls >= BUSY_POLLS ? idleIntervalMs : intervalMs;
}

async function endpointOf(dynamo: DynamoDBClient): Promise<string> {
  const endpoint = await dynamo.config.endpoint?.();
  if (!endpoint) throw new Error('the local stream needs the DynamoDB client to have an explicit endpoint');
  return `${endpoint.protocol}//${endpoint.hostname}${endpoint.port ? `:${endpoint.port}` : ''}${endpoint.path}`;
}

/** The SDK's record in the form a stream-triggered Lambda receives it (the commit time in epoch seconds). */
export function asLambdaRecord(record: StreamRecord): StreamChange {
  const { dynamodb } = record;
  const created = dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    dynamodb: {
      Keys: dynamodb?.Keys,
      NewImage: withEmptyMaps(dynamodb?.NewImage),
      OldImage: withEmptyMaps(dynamodb?.OldImage),
      SequenceNumber: dynamodb?.SequenceNumber,
      ApproximateCreationDateTime: created instanceof Date ? created.getTime() / 1000 : (created as number | undefined),
    },
  };
}

/**
 * The streams client reads an empty map attribute (`{"M": {}}`) back as `{}`, an attribute value with no
 * type, which no unmarshaller takes: put the type back (a typeless value can only have been an empty map).
 */
function withEmptyMaps<T>(image: T): T {
  if (image === undefined) return image;
  const repair = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const attribute = value as Record<string, unknown>;
    if (Object.keys(attribute).length === 0) return { M: {} };
    if (attribute.M)
      return { M: Object.fromEntries(Object.entries(attribute.M as object).map(([k, v]) => [k, repair(v)])) };
    if (Array.isArray(attribute.L)) return { L: attribute.L.map(repair) };
    return value;
  };
  return Object.fromEntries(Object.entries(image as object).map(([name, value]) => [name, repair(value)])) as T;
}
