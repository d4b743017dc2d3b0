import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import { pause } from './transact.js';

/** BatchWriteItem takes at most 25 requests. */
const BATCH_SIZE = 25;
/** Unprocessed keys (throttling) are sent again this many times at most. */
const ATTEMPTS = 8;
/** Batches sent side by side. */
const IN_FLIGHT = 4;

type WriteRequest =
  | { DeleteRequest: { Key: Record<string, unknown> } }
  | { PutRequest: { Item: Record<string, unknown> } };

/**
 * BatchWriteItem 25 at a time, the batches side by side (a create's entries: one round trip), sending unprocessed
 * requests again after a growing pause; how many were left unprocessed in the end.
 */
async function writeAll(writes: readonly WriteRequest[], table: TableTarget): Promise<number> {
  const batches: WriteRequest[][] = [];
  for (let i = 0; i < writes.length; i += BATCH_SIZE) batches.push(writes.slice(i, i + BATCH_SIZE));
  let left = 0;
  // At most IN_FLIGHT at once: a delete of thousands of items should not open hundreds of connections.
  for (let i = 0; i < batches.length; i += IN_FLIGHT) {
    const counts = await Promise.all(batches.slice(i, i + IN_FLIGHT).map((batch) => writeBatch(batch, table)));
    left += counts.reduce((sum, n) => sum + n, 0);
  }
  return left;
}

async function writeBatch(batch: WriteRequest[], table: TableTarget): Promise<number> {
  let requests: Record<string, Array<Record<string, unknown>>> | undefined = { [table.tableName]: batch };
  for (let attempt = 0; requests && Object.keys(requests).length > 0 && attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    const result = await table.client.send(new BatchWriteCommand({ RequestItems: requests as never }));
    requests = result.UnprocessedItems as typeof requests;
  }
  return Object.values(requests ?? {}).reduce((sum, list) => sum + list.length, 0);
}

/** Deletes items by key 25 at a time; throws when some stay unprocessed after the retries. */
export async function deleteItems(
  itemKeys: ReadonlyArray<{ pk: string; sk: string }>,
  table: TableTarget = DEFAULT_TABLE,
): Promise<void> {
  const left = await writeAll(
    itemKeys.map((Key) => ({ DeleteRequest: { Key } })),
    table,
  );
  if (left > 0)
    throw new Error(`${left} of ${itemKeys.length} items were not deleted (BatchWriteItem left them unprocessed)`);
}

/**
 * Puts whole items (no conditions) 25 at a time into `table` (this instance's unless told); throws when some stay
 * unprocessed after the retries.
 */
export async function putItems(items: ReadonlyArray<Record<string, unknown>>, table: TableTarget): Promise<void> {
  const left = await writeAll(
    items.map((Item) => ({ PutRequest: { Item } })),
    table,
  );
  if (left > 0)
    throw new Error(`${left} of ${items.length} items were not written (BatchWriteItem left them unprocessed)`);
}
