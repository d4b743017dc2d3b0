/** Reading a batch body (lib/operations/batch-body.ts): what is the batch's own 400/413, what is left to each item. */
import { describe, expect, it } from 'vitest';
import { authEntity } from '../../lib/entities/auth.js';
import { batchedOperations } from '../../lib/entities/methods.js';
import { productsEntity } from '../../lib/entities/products.js';
import { settingsEntity } from '../../lib/entities/settings.js';
import { taxesEntity } from '../../lib/entities/taxes.js';
import { ValidationError } from '../../lib/errors.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { MAX_BATCH_OPERATIONS, readBatch } from '../../lib/operations/batch-body.js';
import { thrownBy } from '../support/thrown.js';

describe('readBatch', () => {
  it('keeps every item in the order sent, per list; item content is not judged here', () => {
    const items = readBatch(
      taxesEntity,
      { create: [{ tax: 'A' }, { status: 'nonsense' }], delete: [3, '4', { tax_id: 5 }], update: [{ tax_id: 'x' }] },
      false,
    );
    expect(items.map((item) => `${item.list}[${item.index}]`)).toEqual([
      'create[0]',
      'create[1]',
      'delete[0]',
      'delete[1]',
      'delete[2]',
      'update[0]',
    ]);
  });

  it.each([
    ['an unknown list', taxesEntity, { create: [{}], updates: [] }, 'updates'],
    ['upsert where the entity has none', taxesEntity, { upsert: [{ tax: 'x' }] }, 'upsert'],
    ['a list that is not an array', taxesEntity, { create: { tax: 'x' } }, 'create'],
    ['an item that is not an object', taxesEntity, { create: [{}, 'x'] }, 'create[1]'],
    ['a null item', taxesEntity, { update: [null] }, 'update[0]'],
    ['a delete item that is no id', taxesEntity, { delete: [true] }, 'delete[0]'],
    ['a list the entity lacks (settings: update only)', settingsEntity, { create: [{}] }, 'create'],
  ])('%s → 400 naming the place', (_name, entity, body, field) => {
    const error = thrownBy(ValidationError, () => readBatch(entity, body as Record<string, unknown>, false));
    expect(error.errors.map((e) => e.field)).toContain(field);
  });

  it('upsert is read where the entity has one', () => {
    expect(readBatch(productsEntity, { upsert: [{ product_code: 'A' }] }, true)).toHaveLength(1);
  });

  it(`more than ${MAX_BATCH_OPERATIONS} operations in all lists → 413 naming the limit; none → 400`, () => {
    const body = {
      create: Array.from({ length: 60 }, () => ({})),
      delete: Array.from({ length: 41 }, (_, i) => i + 1),
    };
    const error = thrownBy(HttpError, () => readBatch(taxesEntity, body, false));
    expect(error.status).toBe(413);
    expect(error.message).toContain(`at most ${MAX_BATCH_OPERATIONS} operations`);
    expect(readBatch(taxesEntity, { ...body, delete: body.delete.slice(1) }, false)).toHaveLength(100);
    expect(thrownBy(HttpError, () => readBatch(taxesEntity, { create: [] }, false)).status).toBe(400);
  });

  it('an entity whose only write is create (an action) has no batch operations', () => {
    expect(batchedOperations(authEntity)).toEqual([]);
    expect(batchedOperations(settingsEntity)).toEqual(['update']);
    expect(batchedOperations(productsEntity)).toEqual(['create', 'update', 'delete']);
  });
});
