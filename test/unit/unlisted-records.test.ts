import { describe, expect, it } from 'vitest';
import { indexEntries } from '../../lib/db/entity-items.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { ordersEntity } from '../../lib/entities/orders.js';

/** An order as stored: its customer, store, status, payment and shipping, of the current item layout. */
const ORDER = {
  user_id: 4,
  email_lc: 'a@b.c',
  company_id: 1,
  status: 'O',
  payment_id: 2,
  shipping_ids: [3],
  product_ids: [5],
  timestamp: 1_700_000_000,
  total: '10.00',
  lastname: 'Hopper',
  version: 1,
  layout: LAYOUT_VERSION,
};

describe('unlisted records (a definition’s `unlisted`)', () => {
  it('a parent order has no index, sort, text or count items: no list reads it, no total counts it', () => {
    expect(indexEntries(ordersEntity, 9, { ...ORDER, is_parent_order: 'Y', company_id: 0 }).size).toBe(0);
  });

  it('a store’s order, under a parent or not, keeps every item a list reads', () => {
    for (const order of [ORDER, { ...ORDER, is_parent_order: 'N', parent_order_id: 8 }]) {
      const entries = [...indexEntries(ordersEntity, 9, order).values()];
      expect(entries.some((entry) => entry.count?.sk === 'all#')).toBe(true);
      expect(entries.some((entry) => entry.key.pk.includes('user_id'))).toBe(true);
    }
  });
});
