import { describe, expect, expectTypeOf, it } from 'vitest';
import type { discussionsEntity } from '../../lib/entities/discussions.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { FiltersOf, WriteValuesOf } from '../../lib/entities/record-types.js';
import { ValidationError } from '../../lib/errors.js';
import { bodyValuesOf, createValuesOf, filtersOf } from '../../lib/http/typed-input.js';

/**
 * The request's text parsed once into the definition's types (lib/http/typed-input.ts): the values are what
 * the types say (a number filter a number, a flag `Y`/`N`), and bad text is the 400 it always was. The type lines
 * fail `npm run typecheck` the day a filter or a write value would be loose again.
 */
describe('typed input at the edge', () => {
  it('types the declared filters and write values by their kind', () => {
    expectTypeOf<FiltersOf<typeof productsEntity>['cid']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<FiltersOf<typeof productsEntity>['subcats']>().toEqualTypeOf<'Y' | 'N' | undefined>();
    expectTypeOf<FiltersOf<typeof productsEntity>['pid']>().toEqualTypeOf<readonly number[] | undefined>();
    expectTypeOf<WriteValuesOf<typeof productsEntity>['amount']>().toEqualTypeOf<number | undefined>();
    // A spec built by a helper keeps its kind (discussions' createOnly).
    expectTypeOf<WriteValuesOf<typeof discussionsEntity>['thread_id']>().toEqualTypeOf<number | undefined>();
    const filters: FiltersOf<typeof productsEntity> = {};
    // @ts-expect-error a filter the definition does not declare
    const unknown = filters.cdi;
    expect(unknown).toBeUndefined();
  });

  it('parses query text into those values, once', () => {
    const filters = filtersOf(productsEntity, { query: { cid: ' 12 ', subcats: 'n', pid: '3,4,3', q: '' } });
    expect(filters).toEqual({ cid: 12, subcats: 'N', pid: [3, 4] });
  });

  it('parses a body into the write values, with the defaults on create', () => {
    expect(bodyValuesOf(productsEntity, 'update', { amount: '5', nope: 1 })).toEqual({ amount: 5 });
    const created = createValuesOf(productsEntity, { product: 'Mug', price: 9.5 });
    expect(created).toMatchObject({ product: 'Mug', price: '9.50', amount: 0 });
  });

  it('answers bad text with the same 400 as before', () => {
    expect(() => filtersOf(productsEntity, { query: { cid: 'abc' } })).toThrow(ValidationError);
    expect(() => bodyValuesOf(productsEntity, 'update', { amount: '-1' })).toThrow(ValidationError);
  });
});
