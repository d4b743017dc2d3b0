/**
 * Ids from blocks of a counter (lib/db/id-blocks.ts; docs/data-model.md "Id blocks and count shards"): many
 * creates at once in one instance get distinct, increasing ids with one counter write per block; a fixed id
 * written meanwhile (raiseCounter + skipIdsTo) is never handed out again. In-process, on DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { raiseCounter } from '../../lib/db/counters.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { createRecord, deleteRecord, getRecord } from '../../lib/db/entity-store.js';
import { idBlocksOn } from '../../lib/db/id-blocks.js';
import { deleteItem, readItem, writeItem } from '../../lib/db/items.js';
import { keys } from '../../lib/db/keys.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { DEFAULT_TABLE } from '../../lib/db/table-target.js';
import { productsEntity } from '../../lib/entities/products.js';
import { ConflictError } from '../../lib/errors.js';

const ID_BLOCK = 10;
const sequence = () => `test_block_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

describe('id blocks', () => {
  it('concurrent reservations in one instance: distinct ids 1…n, one counter write per block', async () => {
    const name = sequence();
    const ids = await Promise.all(
      Array.from({ length: 3 * ID_BLOCK + 1 }, () => defaultTableContext().idBlocks.reserveId(name, ID_BLOCK)),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    // 31 ids took 4 blocks: the counter says the highest id reserved.
    expect(await readItem(keys.counter(name))).toMatchObject({ value: 4 * ID_BLOCK });
  });

  it('another instance gets the next block; a fixed id written meanwhile is skipped', async () => {
    const name = sequence();
    // Two instances' blocks of one table, side by side (nothing of this process's own blocks to forget).
    const [one, other] = [idBlocksOn(DEFAULT_TABLE), idBlocksOn(DEFAULT_TABLE)];
    const first = await one.reserveId(name, ID_BLOCK);
    const second = await other.reserveId(name, ID_BLOCK);
    expect(second).toBe(first + ID_BLOCK);
    expect(await one.reserveId(name, ID_BLOCK)).toBe(first + 1);
    await raiseCounter(name, second + 3);
    other.skipIdsTo(name, second + 3);
    expect(await other.reserveId(name, ID_BLOCK)).toBe(second + 4);
  });

  describe('a create whose ids are taken (records written with fixed ids, the counter not raised past them)', () => {
    const PRODUCT_BLOCK = productsEntity.storage.idBlock!;
    const name = productsEntity.storage.name;
    /** Takes a fresh block of this instance and writes bare records on its ids from `from` on, and `more` after. */
    async function takeIds(more: number): Promise<{ first: number; taken: number[] }> {
      // A fresh block of this instance's: the create after takes its next ids.
      const blocks = defaultTableContext().idBlocks;
      blocks.giveUpBlock(name);
      const first = await blocks.reserveId(name, PRODUCT_BLOCK);
      const taken = Array.from({ length: PRODUCT_BLOCK - 1 + more }, (_, i) => first + 1 + i);
      for (const id of taken)
        await writeItem({ ...entityKeys.record(name, id), product_id: id, product: `fixed ${id}`, version: 1 });
      return { first, taken };
    }
    const removeAll = (ids: readonly number[]) =>
      Promise.all(ids.map((id) => deleteItem(entityKeys.record(name, id), defaultTableContext())));

    it('moves to a new block at the first taken id and creates (no 500)', async () => {
      const { first, taken } = await takeIds(0);
      try {
        const created = await createRecord(
          productsEntity,
          { product: 'after fixed ids', status: 'D' },
          undefined,
          undefined,
          defaultTableContext(),
        );
        // The rest of the block was taken; the next block of the counter starts right after it.
        expect(created.product_id).toBe(first + PRODUCT_BLOCK);
        expect((await getRecord(productsEntity, first + 1))?.product).toBe(`fixed ${first + 1}`);
        await deleteRecord(productsEntity, created.product_id);
      } finally {
        await removeAll(taken);
      }
    });

    it('answers a conflict, not an internal error, when every id it tries is taken; nothing is written', async () => {
      // This block and the next three: four tries, four taken ids.
      const { first, taken } = await takeIds(3 * PRODUCT_BLOCK);
      try {
        await expect(
          createRecord(
            productsEntity,
            { product: 'never written', status: 'D' },
            undefined,
            undefined,
            defaultTableContext(),
          ),
        ).rejects.toThrow(ConflictError);
        expect((await getRecord(productsEntity, first + 1))?.product).toBe(`fixed ${first + 1}`);
        expect(await getRecord(productsEntity, first + 4 * PRODUCT_BLOCK)).toBeUndefined();
      } finally {
        await removeAll(taken);
      }
    });
  });
});
