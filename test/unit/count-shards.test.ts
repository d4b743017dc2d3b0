import { describe, expect, it } from 'vitest';
import { COUNT_SHARDS, countHome, countParts, countTarget, isGuarded } from '../../lib/db/count-shards.js';
import { entityKeys } from '../../lib/db/entity-keys.js';

describe('count shards', () => {
  it('knows the counts a delete guard checks', () => {
    expect(isGuarded(entityKeys.count('product', 'all', ''))).toBe(false);
    expect(isGuarded(entityKeys.count('product', 'status', 'A'))).toBe(false);
    expect(isGuarded(entityKeys.count('product@3', 'category_ids', 7))).toBe(false);
    // Categories refuse a delete while the products in them count above 0; companies while they own any; payment methods while orders name them.
    expect(isGuarded(entityKeys.count('product', 'category_ids', 7))).toBe(true);
    expect(isGuarded(entityKeys.count('product', 'company_id', 1))).toBe(true);
    expect(isGuarded(entityKeys.count('order', 'payment_id', 2))).toBe(true);
  });

  it('a change goes to one shard; a read sums the shards and the items older tables hold', () => {
    const all = entityKeys.count('product', 'all', '');
    expect(countTarget(all, () => 0)).toEqual({ pk: 'COUNT#product#all#~0', sk: 'SHARD' });
    expect(countTarget(all, () => 0.999)).toEqual({ pk: `COUNT#product#all#~${COUNT_SHARDS - 1}`, sk: 'SHARD' });
    const parts = countParts(all);
    expect(parts).toHaveLength(COUNT_SHARDS + 1);
    expect(parts[0]).toEqual(all);
    expect(new Set(parts.map((part) => part.pk)).size).toBe(COUNT_SHARDS + 1);
    const guarded = entityKeys.count('product', 'category_ids', 7);
    const own = { pk: 'COUNT#product#category_ids#7', sk: 'COUNT' };
    // Guarded counts are sharded too (no category's key takes every write of its products).
    expect(countTarget(guarded, () => 0.5)).toEqual({ pk: 'COUNT#product#category_ids#7~4', sk: 'SHARD' });
    // Until the count-keys migration moved it, an older table holds the count in the logical item; after, in its own.
    expect(countParts(guarded).slice(0, 2)).toEqual([guarded, own]);
    expect(countParts(guarded)).toHaveLength(COUNT_SHARDS + 2);
    expect(countHome(guarded)).toEqual(own);
    expect(countHome(all)).toEqual(all);
  });
});
