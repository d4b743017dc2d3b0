import { describe, expect, it } from 'vitest';
import {
  COUNT_SHARDS,
  countHome,
  countParts,
  countTarget,
  guardedCounts,
  isGuarded,
} from '../../lib/db/count-shards.js';
import { indexEntries } from '../../lib/db/entity-items.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';

const ORDER = {
  user_id: 4,
  email_lc: 'a@b.c',
  company_id: 1,
  status: 'O',
  payment_id: 2,
  shipping_ids: [3],
  product_ids: [5],
  version: 1,
};

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

  it('no delete guard checks an index kept without counts (`uncounted`)', () => {
    for (const entity of Object.values(ENTITIES) as StoredEntityDefinition[])
      for (const index of entity.storage?.uncounted ?? []) {
        expect(entity.storage.indexes).toContain(index);
        expect(guardedCounts().has(`${entity.storage.name}#${index}`)).toBe(false);
      }
    // An order adds to no count of its customer (id and e-mail, and the company copy) nor of its products.
    const order = [...indexEntries(ordersEntity, 9, { ...ORDER, layout: 4 }).values()];
    const counted = order.filter((e) => e.count).map((e) => e.count!.sk.split('#')[0]);
    expect(counted.sort()).toEqual(['all', 'company_id', 'payment_id', 'shipping_ids', 'status', 'status']);
    expect(order.filter((e) => e.key.pk.includes('email_lc')).length).toBe(2);
    // From layout 6 the payment and shipping partitions keep only their counts, the products' nothing.
    const now = [...indexEntries(ordersEntity, 9, { ...ORDER, layout: 6 }).values()];
    expect(now.filter((e) => e.countOnly).map((e) => e.count!.sk.split('#')[0])).toEqual([
      'payment_id',
      'shipping_ids',
    ]);
    expect(now.some((e) => e.key.pk.includes('product_ids'))).toBe(false);
    expect(now.filter((e) => e.count).length).toBe(counted.length);
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
