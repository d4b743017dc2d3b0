import { describe, expect, it } from 'vitest';
import { itemSize } from '../../lib/db/billed-units.js';
import type { EntityRecord, RecordOf } from '../../lib/db/entity-store.js';
import { storedRecord } from '../../lib/db/stored-record.js';
import { categoriesEntity } from '../../lib/entities/categories.js';
import { present } from '../../lib/entities/present.js';
import { productsEntity } from '../../lib/entities/products.js';
import { withDefaults } from '../../lib/entities/validate.js';

type Product = RecordOf<typeof productsEntity>;

/** A product as a create leaves it: every default filled in, then what the hooks set. */
const created = (fields: Record<string, unknown>): Product =>
  ({
    ...withDefaults(productsEntity, {
      product: 'Scale new product 1 alpha',
      product_code: 'SCALE-NEW-1',
      price: '12.50',
      amount: 100,
      company_id: 1,
      category_ids: [3, 7],
      status: 'A',
      ...fields,
    } as never),
    product_id: 41,
    main_category: 3,
    category_tree: [1, 3, 7],
    timestamp: 1_795_742_634,
    updated_timestamp: 1_795_742_634,
    version: 1,
  }) as Product;

describe('storedRecord (lib/db/stored-record.ts)', () => {
  it('leaves out the constant fields that hold their default; a product then shows the same and fits in 1 KB', () => {
    const record = created({ company_name: 'Acme' } as never);
    // What it leaves is a product's record still, fewer fields (present takes a products record only).
    const stored = storedRecord(productsEntity, record) as Product;
    // Constants at their default go: the empty image pair, the *_raw nulls, the box sizes.
    for (const field of ['main_pair', 'options_type_raw', 'box_length', 'detailed_params', 'product_type'])
      expect(stored, field).not.toHaveProperty(field);
    // A constant a hook set to something else stays; so does every writable field, even at its default.
    expect(stored).toMatchObject({ company_name: 'Acme', status: 'A', free_shipping: 'N', list_price: '0.00' });
    expect(Object.keys(stored).length).toBeLessThan(Object.keys(record).length - 40);
    for (const view of ['single', 'list'] as const)
      expect(present(productsEntity, stored, view)).toEqual(present(productsEntity, record, view));
    expect(itemSize(record)).toBeGreaterThan(1024);
    expect(itemSize({ pk: 'PRODUCT#41', sk: 'RECORD', ...stored, layout: 7 })).toBeLessThan(1024);
  });

  it('keeps a constant the storage keys, filters or sorts on, and the id', () => {
    const defined = {
      ...productsEntity,
      storage: {
        ...productsEntity.storage,
        sortRules: { ...productsEntity.storage.sortRules, box: { field: 'box_length', numeric: true } },
      },
    } as typeof productsEntity;
    const stored = storedRecord(defined, created({}));
    expect(stored).toHaveProperty('box_length', 0);
    expect(stored).toHaveProperty('product_id', 41);
    expect(stored).not.toHaveProperty('box_width');
  });

  it('stores every field of an entity that does not omit its constants', () => {
    const category = {
      ...withDefaults(categoriesEntity, { category: 'Leaf', company_id: 1 } as never),
      category_id: 3,
      version: 1,
    };
    expect(storedRecord(categoriesEntity, category as EntityRecord)).toEqual(category);
  });
});
