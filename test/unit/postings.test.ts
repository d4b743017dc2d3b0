import { describe, expect, it } from 'vitest';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import type { ListCondition } from '../../lib/db/list-filter.js';
import { shardOfId } from '../../lib/db/partition-shards.js';
import { combinePostings, postingPlan } from '../../lib/db/posting-list.js';
import {
  CHUNK,
  flagPostingsOf,
  idsOfPosting,
  offsetElement,
  postingChanges,
  postingsOf,
  wordPostingPartition,
} from '../../lib/db/postings.js';
import { productsEntity } from '../../lib/entities/products.js';

/**
 * Postings (lib/db/postings.ts, lib/db/posting-list.ts): which postings a product has, what a write changes, which
 * lists postings answer and how their ids combine — the rules, without a table.
 */

const q = (query: string, match?: 'all' | 'any' | 'exact'): ListCondition => ({
  rule: productsEntity.storage.filterRules!.q!,
  values: [query],
  ...(match ? { match } : {}),
});
const eq = (field: string, ...values: Array<string | number>): ListCondition => ({ rule: { field, op: 'eq' }, values });
const product = (fields: Record<string, string | number | number[]>) => ({
  product: 'Red Shirt',
  product_code: 'SKU-1',
  status: 'A',
  company_id: 3,
  layout: LAYOUT_VERSION,
  version: 1,
  ...fields,
});
const keys = (postings: Array<{ pk: string; sk: string }>) => postings.map((p) => `${p.pk} ${p.sk}`).sort();

describe('postingsOf', () => {
  it('posts each word of the name and code (a word that starts another left out), the status and the store', () => {
    const id = 3 * CHUNK + 7;
    const postings = postingsOf(productsEntity, id, product({ product: 'Red Redwood Shirt', product_code: 'SKU-1' }));
    // In the id's partition shard, as its text items (products shard their partitions).
    const shard = `~${shardOfId(id)}`;
    expect(keys(postings)).toEqual(
      [
        `WP#product#product#1${shard} 1#0000000003`,
        `WP#product#product#r${shard} redwood#0000000003`,
        `WP#product#product#s${shard} shirt#0000000003`,
        `WP#product#product#s${shard} sku#0000000003`,
        `WP#product#status${shard} A#0000000003`,
        `WP#product#company_id${shard} 3#0000000003`,
      ].sort(),
    );
    expect(new Set(postings.map((p) => p.offset))).toEqual(new Set([7]));
  });

  it("posts a flag's Y only (a product without flags writes no flag posting), and flagPostingsOf picks them out", () => {
    const shard = `~${shardOfId(9)}`;
    const flagged = postingsOf(productsEntity, 9, product({ free_shipping: 'Y', is_edp: 'N' }));
    expect(keys(flagged)).toContain(`WP#product#free_shipping${shard} Y#0000000000`);
    expect(keys(flagged).filter((k) => k.includes('is_edp'))).toEqual([]);
    expect(keys(flagPostingsOf(productsEntity, 9, product({ free_shipping: 'Y', is_edp: 'Y' })))).toEqual([
      `WP#product#free_shipping${shard} Y#0000000000`,
      `WP#product#is_edp${shard} Y#0000000000`,
    ]);
    expect(flagPostingsOf(productsEntity, 9, product({ free_shipping: 'N', is_edp: 'N' }))).toEqual([]);
  });

  it('posts nothing for a record of an older layout, or none at all', () => {
    expect(postingsOf(productsEntity, 1, product({ layout: 8 }))).toEqual([]);
    expect(postingsOf(productsEntity, 1, undefined)).toEqual([]);
  });
});

describe('postingChanges', () => {
  it('adds what the new version has and removes what it lost, nothing for what stayed', () => {
    const before = postingsOf(productsEntity, 5, product({ product: 'Red Shirt', status: 'D' }));
    const after = postingsOf(productsEntity, 5, product({ product: 'Blue Shirt', status: 'A' }));
    const changes = postingChanges([[before, after]]);
    const summary = changes.map((c) => `${c.key.sk} +${c.add} -${c.remove}`).sort();
    expect(summary).toEqual(['A#0000000000 +5 -', 'D#0000000000 + -5', 'blue#0000000000 +5 -', 'red#0000000000 + -5']);
  });

  it('puts two records of one chunk into one change of its item (a transaction touches an item once)', () => {
    // Two ids of one range of 256 in one partition shard.
    const second = Array.from({ length: 255 }, (_, i) => i + 2).find((id) => shardOfId(id) === shardOfId(1))!;
    const a = postingsOf(productsEntity, 1, product({}));
    const b = postingsOf(productsEntity, second, product({}));
    const changes = postingChanges([
      [a, []],
      [[], b],
    ]);
    const shirt = changes.filter((c) => c.key.sk.startsWith('shirt#'));
    expect(shirt).toEqual([{ key: expect.any(Object), add: [second], remove: [1] }]);
  });
});

describe('idsOfPosting', () => {
  it("reads a chunk's offsets back as ids", () => {
    expect(idsOfPosting('shirt#0000000002', [offsetElement(0), offsetElement(255)])).toEqual([512, 767]);
    expect(idsOfPosting('A#0000000000', undefined)).toEqual([]);
  });
});

describe('postingPlan', () => {
  it('plans q alone, with a store, with status A; each word one read, each value one', () => {
    const plan = postingPlan(productsEntity, [q('red shi', 'all'), eq('company_id', 3), eq('status', 'A')], 'id')!;
    expect(plan.groups.map((g) => g.map((r) => `${r.pk} ${r.begins}`))).toEqual([
      [`${wordPostingPartition('product', 'product', 'r')} red`],
      [`${wordPostingPartition('product', 'product', 's')} shi`],
      ['WP#product#company_id 3#'],
      ['WP#product#status A#'],
    ]);
    expect(plan.anyWords).toBe(false);
    expect(postingPlan(productsEntity, [q('red')], 'id')?.groups).toHaveLength(1); // exact of one word
  });

  it('leaves to the lists as before: a phrase, another filter, a sort, no word', () => {
    expect(postingPlan(productsEntity, [q('red shirt')], 'id')).toBeUndefined();
    expect(postingPlan(productsEntity, [q('red', 'all'), eq('category_ids', 4)], 'id')).toBeUndefined();
    expect(postingPlan(productsEntity, [q('red', 'all')], 'price')).toBeUndefined();
    expect(postingPlan(productsEntity, [eq('status', 'A')], 'id')).toBeUndefined();
    expect(postingPlan(productsEntity, [q('  ', 'all')], 'id')).toBeUndefined();
  });
});

describe('postingPlan of a flag', () => {
  it('plans a Y flag with posted values (a vendor, a shopper) once every record has its flags, with q too', () => {
    const plan = postingPlan(productsEntity, [eq('free_shipping', 'Y'), eq('company_id', 3)], 'id', true)!;
    expect(plan.groups.map((g) => g.map((r) => `${r.pk} ${r.begins}`))).toEqual([
      ['WP#product#free_shipping Y#'],
      ['WP#product#company_id 3#'],
    ]);
    expect(plan).toMatchObject({ wordGroups: 0, anyWords: false });
    expect(postingPlan(productsEntity, [q('red', 'any'), eq('is_edp', 'Y')], 'id', true)?.groups).toHaveLength(2);
  });

  it('leaves to the lists as before: before the marker, an N, another filter, a sort', () => {
    expect(postingPlan(productsEntity, [eq('free_shipping', 'Y')], 'id', false)).toBeUndefined();
    expect(postingPlan(productsEntity, [q('red', 'all'), eq('free_shipping', 'Y')], 'id', false)).toBeUndefined();
    expect(postingPlan(productsEntity, [eq('free_shipping', 'N'), eq('company_id', 3)], 'id', true)).toBeUndefined();
    expect(postingPlan(productsEntity, [eq('free_shipping', 'Y', 'N')], 'id', true)).toBeUndefined();
    expect(postingPlan(productsEntity, [eq('is_edp', 'Y'), eq('category_ids', 4)], 'id', true)).toBeUndefined();
    expect(postingPlan(productsEntity, [eq('is_edp', 'Y')], 'price', true)).toBeUndefined();
  });

  it('combines a flag with a value: their intersection', () => {
    const plan = postingPlan(productsEntity, [eq('free_shipping', 'Y'), eq('company_id', 3)], 'id', true)!;
    expect(combinePostings(plan, [[[1, 5, 9]], [[5, 9, 12]]])).toEqual([5, 9]);
  });
});

describe('combinePostings', () => {
  const plan = (anyWords: boolean, wordGroups: number, groups: number) => ({
    anyWords,
    wordGroups,
    groups: Array.from({ length: groups }, () => []),
  });

  it('all: every word (each the union of its reads) and every value', () => {
    expect(combinePostings(plan(false, 2, 3), [[[1, 2, 3], [9]], [[3, 9, 2]], [[2, 9, 4]]])).toEqual([2, 9]);
  });

  it('any: one of the words, then every value', () => {
    expect(combinePostings(plan(true, 2, 3), [[[5, 1]], [[3]], [[1, 3, 7]]])).toEqual([1, 3]);
    expect(combinePostings(plan(true, 1, 1), [[[]]])).toEqual([]);
  });
});
