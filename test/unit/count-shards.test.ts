import { describe, expect, it } from 'vitest';
import { COUNT_SHARDS, countHome, countParts, countTarget, isSharded } from '../../lib/db/count-shards.js';
import { entityKeys } from '../../lib/db/entity-keys.js';

describe('count shards', () => {
  it('counts no delete guard checks are sharded; guarded ones are one item each', () => {
    expect(isSharded(entityKeys.count('product', 'all', ''))).toBe(true);
    expect(isSharded(entityKeys.count('product', 'status', 'A'))).toBe(true);
    expect(isSharded(entityKeys.count('product@3', 'category_ids', 7))).toBe(true);
    // Categories refuse a delete while COUNT#product / category_ids#<id> is above 0; companies while company_id#<id> is.
    expect(isSharded(entityKeys.count('product', 'category_ids', 7))).toBe(false);
    expect(isSharded(entityKeys.count('product', 'company_id', 1))).toBe(false);
    expect(isSharded(entityKeys.count('order', 'payment_id', 2))).toBe(false);
  });

  it('a change goes to one shard or to the guarded count\'s own item; a read sums the logical item and those', () => {
    const all = entityKeys.count('product', 'all', '');
    expect(countTarget(all, () => 0)).toEqual({ pk: 'COUNT#product#all##0', sk: 'SHARD' });
    expect(countTarget(all, () => 0.999)).toEqual({ pk: `COUNT#product#all##${COUNT_SHARDS - 1}`, sk: 'SHARD' });
    const parts = countParts(all);
    expect(parts).toHaveLength(COUNT_SHARDS + 1);
    expect(parts[0]).toEqual(all);
    expect(new Set(parts.map((part) => part.pk)).size).toBe(COUNT_SHARDS + 1);
    const guarded = entityKeys.count('product', 'category_ids', 7);
    const own = { pk: 'COUNT#product#category_ids#7', sk: 'COUNT' };
    expect(countTarget(guarded)).toEqual(own);
    // Until the count-keys migration moved it, an older table holds the count in the logical item.
    expect(countParts(guarded)).toEqual([guarded, own]);
    expect(countHome(guarded)).toEqual(own);
    expect(countHome(all)).toEqual(all);
  });
});
