import { describe, expect, it } from 'vitest';
import { indexEntries } from '../../lib/db/entity-items.js';
import { PARTITION_SHARDS, shardedBase, shardOfId, shardPk, shardPks } from '../../lib/db/partition-shards.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { productsEntity } from '../../lib/entities/products.js';
import { statusesEntity } from '../../lib/entities/statuses.js';

const product = {
  product_id: 12,
  product: 'Red shirt',
  product_code: 'RS-1',
  price: '5.00',
  status: 'A',
  company_id: 2,
  category_ids: [3],
  category_tree: [3],
  timestamp: 1,
  updated_timestamp: 1,
  version: 1,
};

describe('partition shards (lib/db/partition-shards.ts)', () => {
  it('an id always hashes to the same shard, and runs of ids (every id, every other id) spread over all of them', () => {
    expect(shardOfId(12)).toBe(shardOfId(12));
    const consecutive = new Set(Array.from({ length: 64 }, (_, i) => shardOfId(1000 + i)));
    const everyOther = new Set(Array.from({ length: 64 }, (_, i) => shardOfId(1000 + 2 * i)));
    expect(consecutive.size).toBe(PARTITION_SHARDS);
    expect(everyOther.size).toBe(PARTITION_SHARDS);
    for (let id = 1; id < 5000; id++) expect(shardOfId(id)).toBeLessThan(PARTITION_SHARDS);
  });

  it('names a shard `<logical pk>~<n>` and finds the logical key back', () => {
    expect(shardPk('IDX#product#all#', 3)).toBe('IDX#product#all#~3');
    expect(shardPks('SORT#order#date')).toHaveLength(PARTITION_SHARDS);
    expect(shardedBase('SORT#product@2#price~7')).toBe('SORT#product@2#price');
    expect(shardedBase('PRODUCT#7')).toBeUndefined();
  });

  it("a layout-4 record of a sharded definition has every item in its id's shard; layout 3 and other definitions keep the logical keys", () => {
    const shard = shardOfId(12);
    const current = [...indexEntries(productsEntity, 12, { ...product, layout: 4 }).entries()];
    expect(current.length).toBeGreaterThan(10);
    for (const [logical, entry] of current) {
      expect(entry.key.pk).toBe(`${logical.split('\u0000')[0]}~${shard}`);
      // Counts stay logical items.
      if (entry.count) expect(entry.count.pk).not.toContain('~');
    }
    const older = [...indexEntries(productsEntity, 12, { ...product, layout: 3 }).entries()];
    expect(older.map(([logical]) => logical)).toEqual(current.map(([logical]) => logical));
    for (const [logical, entry] of older) expect(`${entry.key.pk}\u0000${entry.key.sk}`).toBe(logical);
    expect(ordersEntity.storage.shardedPartitions).toBe(true);
    const status = [
      ...indexEntries(statusesEntity, 4, { status_id: 4, type: 'O', status: 'P', version: 1, layout: 4 }).values(),
    ];
    expect(status.every((entry) => !entry.key.pk.includes('~'))).toBe(true);
  });
});
