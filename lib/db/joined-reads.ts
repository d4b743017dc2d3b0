import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

export type ItemKey = { pk: string; sk: string };
export type Item = Record<string, unknown>;
export type Lookup = (key: ItemKey) => Item | undefined;

/**
 * Strongly consistent reads by key that start in the same turn of the event loop go out as one request: a GET of
 * one object reads the caller's groups (its privileges, lib/auth/authorize.ts) and the object itself at the same
 * moment (lib/stack/admission/index.ts lets it run while the privileges are read), and joined they are one
 * BatchGetItem instead of a BatchGetItem and a GetItem — one DynamoDB request fewer, the same read units (each
 * item is billed alone either way), no step more. A read that meets no other one goes out exactly as it was
 * asked for (GetItem for one item, BatchGetItem for several), so nothing else changes shape. Waiting for the
 * turn's end costs a few microseconds; every reader gets the same answer it would have had alone (the items it
 * asked for, strongly consistent, read after it asked).
 */
interface Waiter {
  keys: readonly ItemKey[];
  /** The table the keys are read from: waiters of one client and table name are joined, never across tables. */
  table: TableTarget;
  /** Asked for as one item (readItem): sent alone, it stays a GetItem. */
  single: boolean;
  resolve: (lookup: Lookup) => void;
  reject: (error: unknown) => void;
}

let waiting: Waiter[] = [];

const keyOf = (key: ItemKey) => `${key.pk}\u0000${key.sk}`;

/**
 * The items of `keys` (strongly consistent), read together with whatever else is read of the same table in this
 * turn; `table` is this instance's unless told (a store built from a TableContext passes its own).
 */
export function joinedRead(
  keys: readonly ItemKey[],
  single = false,
  table: TableTarget = DEFAULT_TABLE,
): Promise<Lookup> {
  if (keys.length === 0) return Promise.resolve(() => undefined);
  return new Promise((resolve, reject) => {
    if (waiting.length === 0) setImmediate(flush);
    // The client and table name as they are now (DEFAULT_TABLE reads them at each use): the instance's context and
    // DEFAULT_TABLE are one table, so their reads still join.
    waiting.push({ keys, single, table: { client: table.client, tableName: table.tableName }, resolve, reject });
  });
}

function flush(): void {
  const waiters = waiting;
  waiting = [];
  // One read per table: almost always one group (every store of a process over the same table).
  const groups = new Map<DynamoDBDocumentClient, Map<string, Waiter[]>>();
  for (const waiter of waiters) {
    const byName = groups.get(waiter.table.client) ?? new Map<string, Waiter[]>();
    groups.set(waiter.table.client, byName);
    const group = byName.get(waiter.table.tableName);
    if (group) group.push(waiter);
    else byName.set(waiter.table.tableName, [waiter]);
  }
  for (const byName of groups.values()) for (const group of byName.values()) flushGroup(group);
}

function flushGroup(waiters: Waiter[]): void {
  const table = waiters[0]!.table;
  const alone = waiters.length === 1 ? waiters[0] : undefined;
  const read =
    alone?.single && alone.keys[0]
      ? getOne(alone.keys[0], table)
      : batchRead(
          waiters.flatMap((waiter) => waiter.keys),
          table,
        );
  read.then(
    (lookup) => {
      for (const waiter of waiters) waiter.resolve(lookup);
    },
    (error: unknown) => {
      for (const waiter of waiters) waiter.reject(error);
    },
  );
}

/** One item by key (GetItem, strongly consistent), alone: `table` is this instance's unless told. */
export async function getOne(key: ItemKey, table: TableTarget): Promise<Lookup> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
  );
  return (asked) => (Item && keyOf(asked) === keyOf(key) ? Item : undefined);
}

/** One BatchGetItem per 100 distinct keys, retrying unprocessed keys, alone: `table` is this instance's unless told. */
export async function batchRead(itemKeys: readonly ItemKey[], table: TableTarget = DEFAULT_TABLE): Promise<Lookup> {
  const found = new Map<string, Item>();
  const unique = [...new Map(itemKeys.map((key) => [keyOf(key), key])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: ItemKey[] = unique.slice(i, i + 100);
    for (let attempt = 0; pending.length > 0; attempt++) {
      const name = table.tableName;
      const result = await table.client.send(
        new BatchGetCommand({ RequestItems: { [name]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of result.Responses?.[name] ?? []) {
        found.set(keyOf({ pk: String(item.pk), sk: String(item.sk) }), item);
      }
      pending = (result.UnprocessedKeys?.[name]?.Keys ?? []) as ItemKey[];
      if (pending.length > 0) {
        if (attempt >= 8) throw new Error('BatchGetItem left keys unprocessed');
        await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
      }
    }
  }
  return (key) => found.get(keyOf(key));
}
