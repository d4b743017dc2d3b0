import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import type { TableTarget } from './table-target.js';

/**
 * Ids of the kinds created at high rates (a definition's `idBlock`: products, orders), handed out from blocks
 * (docs/data-model.md "Id blocks and count shards"). One UpdateItem (`ADD value :block`) reserves the next
 * `size` ids of a sequence for this instance, so the counter item takes one write per block instead of one
 * per create: with blocks of 10, at 1,000 write units/s on the counter's key, 10,000 creates/s store-wide. Ids stay unique and are never reused (the counter only grows, and a
 * block's unused ids are given up with the instance); they increase within an instance, not across
 * instances, and are not gap-free (docs/api.md "Ids").
 */
interface Block {
  next: number;
  last: number;
}

/** One instance's blocks of a table's sequences (a TableContext holds one: lib/db/table-context.ts). */
export interface IdBlocks {
  /** The next id of `sequence` for this instance: from its block, or from a newly reserved one. */
  reserveId(sequence: string, size: number): Promise<number>;
  /** Skips this instance's ids of `sequence` up to `atLeast` (a record was written with a fixed id). */
  skipIdsTo(sequence: string, atLeast: number): void;
  /**
   * Gives up the rest of this instance's block of `sequence`: an id of it was found taken (a record written with a
   * fixed id without raising the counter), so the ids after it are likely taken too; the next id comes from a new
   * block of the counter.
   */
  giveUpBlock(sequence: string): void;
}

/** Blocks reserved from the counters of `table`; each call holds blocks of its own (as a new instance would). */
export function idBlocksOn(table: TableTarget): IdBlocks {
  const blocks = new Map<string, Block>();
  const reserving = new Map<string, Promise<Block>>();
  return {
    async reserveId(sequence, size) {
      for (;;) {
        const block = blocks.get(sequence);
        if (block && block.next <= block.last) return block.next++;
        let pending = reserving.get(sequence);
        if (!pending) {
          pending = reserveBlock(table, sequence, size).finally(() => reserving.delete(sequence));
          reserving.set(sequence, pending);
        }
        const reserved = await pending;
        // Concurrent callers share one reservation; the first back installs it, the others take from it.
        const current = blocks.get(sequence);
        if (!current || current.next > current.last) blocks.set(sequence, reserved);
      }
    },
    skipIdsTo(sequence, atLeast) {
      const block = blocks.get(sequence);
      if (block && block.next <= atLeast) block.next = atLeast + 1;
    },
    giveUpBlock(sequence) {
      blocks.delete(sequence);
    },
  };
}

async function reserveBlock(table: TableTarget, sequence: string, size: number): Promise<Block> {
  const result = await table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: keys.counter(sequence),
      UpdateExpression: 'ADD #value :block',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':block': size },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Number(result.Attributes?.value);
  return { next: last - size + 1, last };
}
