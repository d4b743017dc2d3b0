/**
 * The pure rules of moving a store (scripts/lib/move/, SPEC §12): where paging stops, how a failed source request
 * is retried, how CS-Cart's values become request bodies, what counts as unchanged, how moved ids are rewritten.
 */
import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../lib/entities/types.js';
import { bodyFromRow, canonical } from '../../scripts/lib/move/coerce.js';
import { changedFields } from '../../scripts/lib/move/diff.js';
import { afterPage } from '../../scripts/lib/move/paging.js';
import { summaryTable } from '../../scripts/lib/move/progress.js';
import { IdMap } from '../../scripts/lib/move/remap.js';
import { isRetryable, MAX_DELAY_MS, retryAfterMs, retryDelayMs } from '../../scripts/lib/move/retry.js';
import { rowsOf, totalOf } from '../../scripts/lib/move/wire.js';

describe('paging stop rule', () => {
  const page = { read: 250, total: 600, rows: 250, repeated: false };
  it('goes on while rows remain before total_items', () => expect(afterPage(page)).toBe('next'));
  it('stops at total_items', () => expect(afterPage({ ...page, read: 600, rows: 100 })).toBe('stop'));
  it('stops on an empty page past the end', () => expect(afterPage({ ...page, rows: 0 })).toBe('stop'));
  it('drops a repeated last page and stops', () => expect(afterPage({ ...page, repeated: true })).toBe('stop-discard'));
  it('stops after one page when the answer has no total', () =>
    expect(afterPage({ ...page, total: undefined })).toBe('stop'));
  it('goes on after a short page while the total says more (a source that caps items_per_page)', () =>
    expect(afterPage({ ...page, read: 300, rows: 50 })).toBe('next'));
});

describe('CS-Cart answers', () => {
  it('reads a wrapped list, a keyed wrapper, a bare keyed object and a bare list', () => {
    expect(rowsOf({ products: [{ product_id: '1' }], params: {} }, 'products')).toEqual([{ product_id: '1' }]);
    expect(rowsOf({ languages: { en: { lang_code: 'en' } }, params: {} }, 'languages')).toEqual([{ lang_code: 'en' }]);
    expect(rowsOf({ '3': { usergroup_id: 3 }, '4': { usergroup_id: 4 } }, 'usergroups')).toHaveLength(2);
    expect(rowsOf([{ block_id: '1' }, 'junk'], 'blocks')).toEqual([{ block_id: '1' }]);
    expect(rowsOf({ products: [], params: { total_items: '0' } }, 'products')).toEqual([]);
  });
  it('reads total_items as a string or an integer', () => {
    expect(totalOf({ params: { total_items: '120' } })).toBe(120);
    expect(totalOf({ params: { total_items: 8 } })).toBe(8);
    expect(totalOf({ params: {} })).toBeUndefined();
    expect(totalOf({ '3': {} })).toBeUndefined();
  });
});

describe('retry and backoff', () => {
  it('retries 5xx, 429 and a 200 that is not JSON, never another 4xx', () => {
    expect(isRetryable(503, true)).toBe(true);
    expect(isRetryable(429, true)).toBe(true);
    expect(isRetryable(200, false)).toBe(true);
    expect(isRetryable(404, false)).toBe(false);
    expect(isRetryable(400, true)).toBe(false);
  });
  it('doubles the wait up to a ceiling', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, null))).toEqual([500, 1000, 2000]);
    expect(retryDelayMs(20, null)).toBe(MAX_DELAY_MS);
  });
  it('honours Retry-After in seconds and as an HTTP date', () => {
    expect(retryDelayMs(1, '3')).toBe(3000);
    const now = Date.parse('2026-11-26T07:00:00Z');
    expect(retryAfterMs('Thu, 26 Nov 2026 07:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('values from CS-Cart', () => {
  const fields: Record<string, FieldSpec> = {
    amount: { kind: 'int', writableOn: ['create', 'update'] },
    price: { kind: 'decimal', places: 2, writableOn: ['create', 'update'] },
    category_ids: { kind: 'intList', writableOn: ['create', 'update'] },
    product: { kind: 'string', writableOn: ['create', 'update'] },
    user_type: { kind: 'enum', values: ['A', 'C'], writableOn: ['create'] },
  };
  it('turns string integers and id lists into numbers, drops nulls and foreign keys', () => {
    expect(
      bodyFromRow(fields, { amount: '12', price: '30.00', category_ids: '224,225', product: null, seo_name: 'x' }),
    ).toEqual({ amount: 12, price: '30.00', category_ids: [224, 225] });
    expect(bodyFromRow(fields, { category_ids: ['224'] })).toEqual({ category_ids: [224] });
  });
  it('passes a bad value on unchanged for the API to refuse', () => {
    expect(bodyFromRow(fields, { amount: 'abc', category_ids: 'x,1' })).toEqual({ amount: 'abc', category_ids: 'x,1' });
  });
  it('compares numbers by value and id lists in any order', () => {
    expect(canonical('30.00')).toBe(canonical(30));
    expect(canonical([3, '1'])).toBe(canonical(['1', 3]));
    expect(canonical('abc')).not.toBe(canonical('abd'));
  });
  it('finds only the writable fields that differ', () => {
    const local = { amount: '12', price: '30.00', category_ids: ['225', '224'], product: 'Pants', user_type: 'C' };
    expect(changedFields(fields, { amount: 12, price: '30', category_ids: [224, 225], user_type: 'A' }, local)).toEqual(
      [],
    );
    expect(changedFields(fields, { amount: 13, product: 'Pants' }, local)).toEqual(['amount']);
    expect(changedFields(fields, { category_ids: [0] }, { category_ids: '0' })).toEqual([]);
  });
});

describe('id remapping', () => {
  it('rewrites references to a moved id and leaves the rest', () => {
    const ids = new IdMap();
    ids.set('users', 1, 7);
    expect(ids.rewrite({ order_id: '5', user_id: '1' })).toEqual({ order_id: '5', user_id: '7' });
    expect(ids.rewrite({ user_id: 2 })).toEqual({ user_id: 2 });
    expect(ids.rewrite({ user_id: 1 }, 'user_id')).toEqual({ user_id: 1 });
  });
  it('rewrites id lists and survives a round trip through JSON', () => {
    const ids = new IdMap();
    ids.set('usergroups', 3, 9);
    const again = new IdMap(JSON.parse(JSON.stringify(ids)));
    expect(again.rewrite({ usergroup_ids: '0,3,4' })).toEqual({ usergroup_ids: '0,9,4' });
    expect(again.rewrite({ usergroup_ids: [3] })).toEqual({ usergroup_ids: [9] });
  });
  it('forgets a mapping set back to the same id', () => {
    const ids = new IdMap();
    ids.set('users', 1, 7);
    ids.set('users', 1, 1);
    expect(ids.local('users', 1)).toBe(1);
  });
});

describe('summary table', () => {
  it('has a row per entity and a total', () => {
    const table = summaryTable([
      { entity: 'products', read: 10, written: 8, unchanged: 1, refused: 1 },
      { entity: 'orders', read: 5, written: 5, unchanged: 0, refused: 0 },
    ]);
    expect(table.split('\n')[0]).toMatch(/^entity\s+read\s+written\s+unchanged\s+refused$/);
    expect(table.split('\n').at(-1)).toMatch(/^total\s+15\s+13\s+1\s+1$/);
  });
});
