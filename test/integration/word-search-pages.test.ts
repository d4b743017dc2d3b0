/**
 * A word search's pages at any size (lib/db/word-pages.ts, docs/api.md "Word search at scale"): in a table of its
 * own, 400 products whose words match from 57 to 400 of them. A match beyond the first read is paged in the order of
 * its text items with `total_items` a marked lower bound until the last page; a client that pages until
 * `total_items` (reading it from each page) or follows `next` gets every match exactly once, and the last page's
 * total is exact. A small match stays exact and in id order.
 */
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../lib/config.js';
import { putItems } from '../../lib/db/batch-write.js';
import { bulkSeedItems } from '../../lib/db/bulk-seed.js';
import { type ListCondition, type ListResult, listRecords } from '../../lib/db/entity-list.js';
import type { EntityRecord } from '../../lib/db/entity-store.js';
import { forgetLayout } from '../../lib/db/layout.js';
import { matches } from '../../lib/db/list-filter.js';
import { ensureTable } from '../../lib/db/setup.js';
import type { WordMatch } from '../../lib/db/text-items.js';
import { productsEntity } from '../../lib/entities/products.js';
import { uid } from '../support/fixtures.js';

const sharedTable = process.env.TABLE_NAME;
const client = new DynamoDBClient({});
const name = `store-api-word-pages-${uid()}`.slice(0, 60);
const COUNT = 400;

/** Product i: "Item i" with alpha (3 in 4) or delta, bravo (1 in 5), "alpine alps" (1 in 7: two tokens of "alp"). */
function product(i: number): EntityRecord {
  const words = [
    `Item ${i}`,
    i % 4 === 0 ? 'delta' : 'alpha',
    i % 5 === 0 ? 'bravo' : '',
    i % 7 === 0 ? 'alpine alps' : '',
  ];
  return {
    product_id: i,
    product: words.filter(Boolean).join(' '),
    product_code: `SKU-${i}`,
    status: 'A',
    company_id: 1,
    category_ids: [1],
    category_tree: [1],
    price: '1.00',
    amount: 1,
    timestamp: 1_700_000_000 + i,
    updated_timestamp: 1_700_000_000 + i,
    version: 1,
  };
}
const records = Array.from({ length: COUNT }, (_, i) => product(i + 1));

beforeAll(async () => {
  await ensureTable(client, name);
  process.env.TABLE_NAME = name;
  resetConfigForTests();
  forgetLayout();
  // The products' records and index, sort and text items (no counts: a word search reads none).
  await putItems(bulkSeedItems(productsEntity, records).filter((item) => !String(item.pk).startsWith('COUNT')));
}, 240_000);

afterAll(async () => {
  process.env.TABLE_NAME = sharedTable;
  resetConfigForTests();
  forgetLayout();
  await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
});

const q = (words: string, match: WordMatch): ListCondition => ({
  rule: productsEntity.storage.filterRules!.q!,
  values: [words],
  match,
});
const expected = (condition: ListCondition) =>
  records.filter((r) => matches(r, condition)).map((r) => Number(r.product_id));

const PER_PAGE = 25;
const read = (condition: ListCondition, page: number, after?: string) =>
  listRecords(productsEntity, {
    conditions: [condition],
    sortBy: 'id',
    descending: false,
    page,
    itemsPerPage: PER_PAGE,
    after,
  });
const ids = (result: ListResult) => result.records.map((r) => Number(r.product_id));

/** As a CS-Cart client pages: page 1, 2, … while page × items_per_page < total_items, read from each answer. */
async function byTotal(condition: ListCondition) {
  const seen: number[] = [];
  const answers: ListResult[] = [];
  for (let page = 1; ; page++) {
    const answer = await read(condition, page);
    answers.push(answer);
    seen.push(...ids(answer));
    if (page * PER_PAGE >= answer.total) break;
  }
  return { seen, answers };
}

async function byCursor(condition: ListCondition): Promise<number[]> {
  const seen: number[] = [];
  let answer = await read(condition, 1);
  seen.push(...ids(answer));
  while (answer.nextKey !== null) {
    answer = await read(condition, 1, answer.nextKey);
    seen.push(...ids(answer));
  }
  return seen;
}

describe('a word search larger than its first read', () => {
  it.each([
    ['alpha', 'all'],
    ['item alpha', 'all'],
    ['alpha bravo', 'any'],
    ['alp', 'all'],
    ['alp delta', 'any'],
  ] as const)(
    'q=%s (match=%s): every match once, by total_items and by cursor; the last total exact',
    async (words, match) => {
      const condition = q(words, match);
      const want = expected(condition);
      expect(want.length).toBeGreaterThan(250);
      const { seen, answers } = await byTotal(condition);
      expect(seen.toSorted((a, b) => a - b)).toEqual(want);
      // Before the last page: a marked lower bound showing one more page; every page but the last full.
      for (const answer of answers.slice(0, -1)) {
        expect(answer).toMatchObject({ estimated: true });
        expect(answer.records).toHaveLength(PER_PAGE);
        expect(answer.total).toBeGreaterThan(answers.indexOf(answer) * PER_PAGE + PER_PAGE);
      }
      const last = answers.at(-1)!;
      expect(last.total).toBe(want.length);
      expect(last.estimated).toBeUndefined();
      expect(last.nextKey).toBeNull();
      expect(answers.length).toBe(Math.ceil(want.length / PER_PAGE));
      // Past the end: empty.
      expect(ids(await read(condition, answers.length + 1))).toEqual([]);
      const walked = await byCursor(condition);
      expect(walked).toHaveLength(want.length);
      expect(walked.toSorted((a, b) => a - b)).toEqual(want);
    },
  );
});

describe('a word search within its first read', () => {
  it.each([
    ['delta', 'all'],
    ['bravo alpha', 'all'],
    ['item 1', 'exact'],
  ] as const)('q=%s (match=%s): exact, in id order', async (words, match) => {
    const condition = q(words, match);
    const want = expected(condition);
    expect(want.length).toBeGreaterThan(0);
    const first = await read(condition, 1);
    expect(first.total).toBe(want.length);
    expect(first.estimated).toBeUndefined();
    expect(ids(first)).toEqual(want.slice(0, PER_PAGE));
    expect((await byTotal(condition)).seen).toEqual(want);
  });
});
