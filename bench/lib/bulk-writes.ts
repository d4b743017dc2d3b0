import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { batchGet, type ItemKey } from '../../lib/db/batch-get.js';
import { db } from '../../lib/db/client.js';
import { GONE_ATTRIBUTE } from '../../lib/db/count-shards.js';
import { NOT_GONE } from '../../lib/db/count-writes.js';
import type { TransactItem } from '../../lib/db/transact.js';
import { cloneInput } from './round-trips.js';
import { writeAll } from './seed.js';

/**
 * Bulk creates through lib/'s own code, written in bulk. While `collectTransactions` runs, every
 * TransactWriteItems lib/ sends through its document client is kept instead of sent (answered as if it had
 * succeeded); every other call (the id counter, reads) goes to DynamoDB as usual. `writeCollected` then writes
 * exactly those items: the Puts with BatchWriteItem, and the count items' `ADD #count :delta` updates summed
 * per item, one UpdateItem each. What the transactions' conditions would have checked is checked instead:
 * the records ConditionChecks name exist, and no item is put twice (the puts are of new ids).
 *
 * Only create transactions are accepted (Put, count ADD, ConditionCheck on existence); anything else throws.
 * Why: on the 2-core bench machine a product's transaction (~20 items) takes DynamoDB Local 17–45 ms even 8 at
 * a time, so 10,000 would take 3–8 minutes; its 12 puts in batches take ~0.5 ms each, about a minute in all.
 */

const NAME = 'benchTransactionCollector';
let sink: TransactItem[][] | undefined;

function install(client: DynamoDBDocumentClient): void {
  if (client.middlewareStack.identify().some((entry) => entry.startsWith(NAME))) return;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const collected = sink;
      if (!collected || context.commandName !== 'TransactWriteItemsCommand') return next(args);
      // A copy, taken before the document client marshals it: what lib/ passed to send().
      collected.push(cloneInput((args.input as { TransactItems: TransactItem[] }).TransactItems));
      return { output: { $metadata: { httpStatusCode: 200, attempts: 1 } } as never, response: undefined };
    },
    { step: 'initialize', name: NAME, priority: 'high' },
  );
}

/** Runs `work` with TransactWriteItems collected, not sent; returns what it returned and the transactions. */
export async function collectTransactions<T>(
  work: () => Promise<T>,
): Promise<{ result: T; transactions: TransactItem[][] }> {
  install(db());
  if (sink) throw new Error('collectTransactions does not nest');
  const transactions: TransactItem[][] = [];
  sink = transactions;
  try {
    return { result: await work(), transactions };
  } finally {
    sink = undefined;
  }
}

const keyText = (table: string, key: Record<string, unknown>) =>
  `${table}\u0000${String(key.pk)}\u0000${String(key.sk)}`;

/** Writes collected create transactions: puts in batches, counts summed, conditions checked. */
export async function writeCollected(
  transactions: readonly TransactItem[][],
): Promise<{ items: number; counts: number }> {
  const puts = new Map<string, Record<string, unknown>[]>();
  const seen = new Set<string>();
  const counts = new Map<string, { table: string; key: ItemKey; delta: number; guarded: boolean }>();
  const mustExist = new Map<string, { table: string; key: ItemKey }>();
  for (const item of transactions.flat()) {
    if (item.Put) {
      const { TableName: table = '', Item = {}, ConditionExpression } = item.Put;
      if (ConditionExpression !== undefined && ConditionExpression !== 'attribute_not_exists(pk)') {
        throw new Error(`bulk writes: a Put conditioned on ${ConditionExpression}`);
      }
      const text = keyText(table, Item);
      if (seen.has(text)) throw new Error(`bulk writes: ${text} put twice`);
      seen.add(text);
      const list = puts.get(table) ?? [];
      list.push(Item);
      puts.set(table, list);
    } else if (item.Update) {
      const {
        TableName: table = '',
        Key = {},
        UpdateExpression,
        ExpressionAttributeNames,
        ExpressionAttributeValues,
        ConditionExpression,
      } = item.Update;
      // A count's shard; one a delete guard checks carries "not gone" (its referenced record still exists).
      const guarded = ConditionExpression === NOT_GONE;
      if (
        UpdateExpression !== 'ADD #count :delta' ||
        ExpressionAttributeNames?.['#count'] !== 'count' ||
        (ConditionExpression !== undefined && !guarded)
      ) {
        throw new Error(`bulk writes: an update other than a count (${UpdateExpression}, ${ConditionExpression})`);
      }
      const text = keyText(table, Key);
      const entry = counts.get(text) ?? { table, key: Key as ItemKey, delta: 0, guarded };
      entry.guarded ||= guarded;
      entry.delta += Number(ExpressionAttributeValues?.[':delta']);
      counts.set(text, entry);
    } else if (item.ConditionCheck) {
      const { TableName: table = '', Key = {}, ConditionExpression } = item.ConditionCheck;
      if (ConditionExpression !== 'attribute_exists(pk)')
        throw new Error(`bulk writes: a ConditionCheck on ${ConditionExpression}`);
      mustExist.set(keyText(table, Key), { table, key: Key as ItemKey });
    } else {
      throw new Error(`bulk writes: not a create (${Object.keys(item).join(', ')})`);
    }
  }
  // batchGet reads lib's current table; the referenced records are checked table by table.
  for (const table of new Set([...mustExist.values()].map((entry) => entry.table))) {
    const keys = [...mustExist.values()].filter((entry) => entry.table === table).map((entry) => entry.key);
    if (config().tableName !== table)
      throw new Error(`bulk writes: lib/ points at ${config().tableName}, the checks at ${table}`);
    const lookup = await batchGet(keys);
    const missing = keys.filter((key) => !lookup(key));
    if (missing.length > 0)
      throw new Error(`bulk writes: referenced records missing: ${missing.map((key) => key.pk).join(', ')}`);
  }
  let items = 0;
  for (const [table, list] of puts) {
    await writeAll(table, list);
    items += list.length;
  }
  for (const { table, key, delta, guarded } of counts.values()) {
    await db().send(
      new UpdateCommand({
        TableName: table,
        Key: key,
        UpdateExpression: 'ADD #count :delta',
        ...(guarded ? { ConditionExpression: NOT_GONE } : {}),
        ExpressionAttributeNames: { '#count': 'count', ...(guarded ? { '#gone': GONE_ATTRIBUTE } : {}) },
        ExpressionAttributeValues: { ':delta': delta },
      }),
    );
  }
  return { items, counts: counts.size };
}
