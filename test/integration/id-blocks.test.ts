/**
 * Ids from blocks of a counter (lib/db/id-blocks.ts; docs/data-model.md "Id blocks and count shards"): many
 * creates at once in one instance get distinct, increasing ids with one counter write per block; a fixed id
 * written meanwhile (raiseCounter + skipIdsTo) is never handed out again. In-process, on DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { raiseCounter } from '../../lib/db/counters.js';
import { forgetIdBlocks, reserveId, skipIdsTo } from '../../lib/db/id-blocks.js';
import { readItem } from '../../lib/db/items.js';
import { keys } from '../../lib/db/keys.js';

const ID_BLOCK = 10;
const sequence = () => `test_block_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;

describe('id blocks', () => {
  it('concurrent reservations in one instance: distinct ids 1…n, one counter write per block', async () => {
    const name = sequence();
    const ids = await Promise.all(Array.from({ length: 3 * ID_BLOCK + 1 }, () => reserveId(name, ID_BLOCK)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
    // 31 ids took 4 blocks: the counter says the highest id reserved.
    expect(await readItem(keys.counter(name))).toMatchObject({ value: 4 * ID_BLOCK });
  });

  it('another instance gets the next block; a fixed id written meanwhile is skipped', async () => {
    const name = sequence();
    const first = await reserveId(name, ID_BLOCK);
    forgetIdBlocks(); // as a second instance would start
    const second = await reserveId(name, ID_BLOCK);
    expect(second).toBe(first + ID_BLOCK);
    await raiseCounter(name, second + 3);
    skipIdsTo(name, second + 3);
    expect(await reserveId(name, ID_BLOCK)).toBe(second + 4);
  });
});
