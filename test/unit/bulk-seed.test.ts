import { describe, expect, it } from 'vitest';
import { bulkSeedItems } from '../../lib/db/bulk-seed.js';
import { indexEntries } from '../../lib/db/entity-items.js';
import type { EntityRecord } from '../../lib/db/entity-store.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { productsEntity } from '../../lib/entities/products.js';

const product = (id: number, company: number): EntityRecord => ({
  product_id: id,
  product: `Widget ${id}`,
  product_code: `W-${id}`,
  price: '10.00',
  status: 'A',
  company_id: company,
  category_ids: [1],
  category_tree: [1],
  timestamp: 1,
  updated_timestamp: 1,
  version: 1,
});

describe('bulkSeedItems', () => {
  const records = [product(1, 1), product(2, 1), product(7, 2)];
  const items = bulkSeedItems(productsEntity, records);
  const find = (pk: string, sk: string) => items.find((item) => item.pk === pk && item.sk === sk);

  it('writes each record and every index and sort item a create writes', () => {
    for (const record of records) {
      const id = Number(record.product_id);
      expect(find(`PRODUCT#${id}`, 'RECORD')).toMatchObject({ product: record.product, version: 1 });
      // The items of the current layout: in the partition shard of the record's id.
      for (const entry of indexEntries(productsEntity, id, { ...record, layout: LAYOUT_VERSION }).values()) {
        expect(entry.key.pk).toMatch(/~\d$/);
        expect(find(entry.key.pk, entry.key.sk)).toBeDefined();
      }
    }
  });

  it('adds up the counts per key (a guarded count in its own item) and sets the id counter to the highest id', () => {
    expect(find('COUNT#product', 'all#')).toMatchObject({ count: 3 });
    // Companies refuse a delete while they own products: that count is the item a delete guard checks.
    expect(find('COUNT#product#company_id#1', 'COUNT')).toMatchObject({ count: 2 });
    expect(find('COUNT#product#company_id#2', 'COUNT')).toMatchObject({ count: 1 });
    expect(find('COUNT#product', 'company_id#1')).toBeUndefined();
    expect(find('COUNTER#product', 'COUNTER')).toMatchObject({ value: 7 });
  });

  it('never writes one key twice (BatchWriteItem refuses duplicates)', () => {
    const keys = items.map((item) => `${String(item.pk)}|${String(item.sk)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
