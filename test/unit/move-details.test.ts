/**
 * The import completes a list row with the fields only the source's single view holds (scripts/lib/move/source.ts
 * withDetails): a row lacking one is read again by id, a complete row is not, and a row whose single read failed is
 * refused with the reason, never written without them. The source is a port: here a double that records its reads.
 */
import { describe, expect, it } from 'vitest';
import type { MovedEntity } from '../../scripts/lib/move/plan.js';
import { type Source, withDetails } from '../../scripts/lib/move/source.js';

const products = { name: 'products', idField: 'product_id', details: ['full_description'] } as unknown as MovedEntity;

function sourceWith(singles: Record<string, string | Error>) {
  const asked: string[] = [];
  const source: Source = {
    name: 'double',
    pages: () => ({ [Symbol.asyncIterator]: async function* () {} }),
    record: async (_entity, id) => {
      asked.push(id);
      const single = singles[id];
      if (single instanceof Error) return { error: single.message };
      return { row: { product_id: Number(id), full_description: single } };
    },
  };
  return { source, asked };
}

describe('withDetails', () => {
  it('reads by id only the rows lacking a single-view field, and keeps the rows in order', async () => {
    const { source, asked } = sourceWith({ '2': '<p>two</p>', '3': '' });
    const rows = [
      { product_id: 1, full_description: 'kept' },
      { product_id: 2, product: 'two' },
      { product_id: 3, product: 'three' },
    ];
    const { rows: completed, failed } = await withDetails(source, products, rows);
    expect(asked.sort()).toEqual(['2', '3']);
    expect(failed).toEqual([]);
    expect(completed).toEqual([
      { product_id: 1, full_description: 'kept' },
      { product_id: 2, product: 'two', full_description: '<p>two</p>' },
      { product_id: 3, product: 'three', full_description: '' },
    ]);
  });

  it('refuses a row whose single read failed, with the reason, and writes the others', async () => {
    const { source } = sourceWith({ '4': new Error('503 after 5 attempts'), '5': 'five' });
    const { rows: completed, failed } = await withDetails(source, products, [{ product_id: 4 }, { product_id: 5 }]);
    expect(completed).toEqual([{ product_id: 5, full_description: 'five' }]);
    expect(failed).toEqual([
      { row: { product_id: 4 }, reason: 'its single record could not be read: 503 after 5 attempts' },
    ]);
  });

  it('reads nothing for an entity with no single-view fields', async () => {
    const { source, asked } = sourceWith({});
    const plain = { ...products, details: [] } as MovedEntity;
    const { rows } = await withDetails(source, plain, [{ product_id: 6 }]);
    expect(rows).toEqual([{ product_id: 6 }]);
    expect(asked).toEqual([]);
  });
});
