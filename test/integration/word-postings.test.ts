/**
 * Word search from postings (lib/db/postings.ts, lib/db/posting-list.ts) on DynamoDB Local, on a table of its own:
 * `q` with match all / any / one word, alone, with a store and with status A, answers the ids and the exact
 * total_items the products' names say, page by page and by cursor; writes keep the postings exact (a rename, a
 * status change, a delete; two products of one posting item in one transaction, one gaining a word the other
 * loses); and the layout-9 migration gives products written by the layout-8 code their postings.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { type ListCondition, listRecords } from '../../lib/db/entity-list.js';
import { createRecord, deleteRecord, getRecord, updateRecord } from '../../lib/db/entity-store.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { shardOfId, shardPk } from '../../lib/db/partition-shards.js';
import { queryAll } from '../../lib/db/query.js';
import { recordsWriteItems } from '../../lib/db/records-write-items.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { transactWrite } from '../../lib/db/transact.js';
import { categoriesEntity } from '../../lib/entities/categories.js';
import { productsEntity } from '../../lib/entities/products.js';
import { storedCompanies } from '../support/stored-companies.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { clearMigrationMarkersFrom, restoreCurrentLayout, writeOld } from './layout-migration-fixtures.js';

onOwnTable('postings');

const COLOURS = ['red', 'blue', 'green'];
const KINDS = ['shirt', 'shoe', 'hat', 'shirtdress'];
interface Made {
  id: number;
  name: string;
  status: string;
  company: number;
}
const made: Made[] = [];

const q = (query: string, match: 'all' | 'any' | 'exact'): ListCondition => ({
  rule: productsEntity.storage.filterRules!.q!,
  values: [query],
  match,
});
const eq = (field: string, value: string | number): ListCondition => ({ rule: { field, op: 'eq' }, values: [value] });

async function list(conditions: ListCondition[], page = 1, perPage = 5, descending = false, after?: string) {
  const { records, total, nextKey } = await listRecords(
    productsEntity,
    {
      conditions,
      sortBy: 'id',
      descending,
      page,
      itemsPerPage: perPage,
      ...(after === undefined ? {} : { after }),
    },
    defaultTableContext(),
  );
  return { ids: records.map((r) => Number(r.product_id)), total, nextKey };
}

/** What the names say: a query word matches a word of the name that starts with it. */
const has = (name: string, word: string) => name.split(' ').some((w) => w.startsWith(word));
const expected = (keep: (p: Made) => boolean) =>
  made
    .filter(keep)
    .map((p) => p.id)
    .sort((a, b) => a - b);

const stores: number[] = [];

beforeAll(async () => {
  stores.push(...(await storedCompanies(['Store one', 'Store two'])));
  for (let i = 0; i < 36; i++) {
    const name = `${COLOURS[i % 3]} ${KINDS[i % 4]} ${i}`;
    const status = i % 5 === 0 ? 'D' : 'A';
    const company = stores[i % 2]!;
    const record = await createRecord(
      productsEntity,
      {
        product: name,
        product_code: `POST-${i}`,
        status,
        company_id: company,
        price: '1.00',
      },
      undefined,
      undefined,
      defaultTableContext(),
    );
    made.push({ id: Number(record.product_id), name, status, company });
  }
}, 120_000);

describe('word search from postings', () => {
  it('match=all, any and one word: the ids and the exact total the names say, every page', async () => {
    const cases: Array<[ListCondition, (p: Made) => boolean]> = [
      [q('red shirt', 'all'), (p) => has(p.name, 'red') && has(p.name, 'shirt')],
      [q('blue hat', 'any'), (p) => has(p.name, 'blue') || has(p.name, 'hat')],
      [q('shirt', 'exact'), (p) => has(p.name, 'shirt')],
      [q('SHIRTD', 'all'), (p) => has(p.name, 'shirtd')],
      [q('1', 'all'), (p) => has(p.name, '1')],
    ];
    for (const [condition, keep] of cases) {
      const ids = expected(keep);
      expect(ids.length).toBeGreaterThan(0);
      for (let page = 1; (page - 1) * 5 < ids.length; page++) {
        const answer = await list([condition], page);
        expect(answer.total).toBe(ids.length);
        expect(answer.ids).toEqual(ids.slice((page - 1) * 5, page * 5));
      }
      const reversed = await list([condition], 1, 5, true);
      expect(reversed.ids).toEqual([...ids].reverse().slice(0, 5));
    }
  });

  it("with a vendor's store and a shopper's status A: only those, counted exactly", async () => {
    const store = await list([q('shirt', 'all'), eq('company_id', stores[0]!)], 1, 50);
    expect(store).toMatchObject({
      ids: expected((p) => has(p.name, 'shirt') && p.company === stores[0]),
      nextKey: null,
    });
    const active = await list([q('red blue', 'any'), eq('status', 'A')], 1, 50);
    expect(active.ids).toEqual(expected((p) => (has(p.name, 'red') || has(p.name, 'blue')) && p.status === 'A'));
    expect(active.total).toBe(active.ids.length);
  });

  it('pages by cursor: every match once, in id order', async () => {
    const ids = expected((p) => has(p.name, 'green') || has(p.name, 'shoe'));
    const seen: number[] = [];
    let after: string | undefined;
    do {
      const answer = await list([q('green shoe', 'any')], 1, 4, false, after);
      seen.push(...answer.ids);
      after = answer.nextKey ?? undefined;
    } while (after !== undefined);
    expect(seen).toEqual(ids);
  });

  it('a rename, a status change and a delete keep the postings exact', async () => {
    const [first, second, third] = made.filter((p) => p.name.startsWith('red'));
    await updateRecord(productsEntity, first!.id, () => ({ product: 'violet cap' }));
    first!.name = 'violet cap';
    await updateRecord(productsEntity, second!.id, () => ({ status: 'D' }));
    second!.status = 'D';
    await deleteRecord(productsEntity, third!.id);
    made.splice(made.indexOf(third!), 1);
    expect(await list([q('violet', 'all')])).toMatchObject({ ids: [first!.id], total: 1 });
    const red = await list([q('red', 'all'), eq('status', 'A')], 1, 50);
    expect(red.ids).toEqual(expected((p) => has(p.name, 'red') && p.status === 'A'));
    expect(red.ids).not.toContain(second!.id);
    expect((await list([q('red', 'all')], 1, 50)).ids).not.toContain(third!.id);
  });

  it('two products of one posting item in one transaction: one gains the word the other loses', async () => {
    const [a, b] = made.filter((p) => p.name.startsWith('blue'));
    const [before, other] = [(await getRecord(productsEntity, a!.id))!, (await getRecord(productsEntity, b!.id))!];
    await transactWrite(
      recordsWriteItems(
        [
          [productsEntity, a!.id, before, { ...before, product: 'amber lamp', version: before.version + 1 }],
          [productsEntity, b!.id, other, { ...other, product: `${other.product} amber`, version: other.version + 1 }],
        ],
        defaultTableContext(),
      ),
    );
    a!.name = 'amber lamp';
    b!.name = `${b!.name} amber`;
    expect((await list([q('amber', 'all')], 1, 50)).ids).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    expect((await list([q('blue', 'all')], 1, 50)).ids).toEqual(expected((p) => has(p.name, 'blue')));
  });

  it('a rename too wide for one transaction with its postings (12 words, 3 categories): postings follow in their own', async () => {
    const categories: number[] = [];
    for (const name of ['c1', 'c2', 'c3'])
      categories.push(
        Number(
          (
            await createRecord(
              categoriesEntity,
              { category: name, status: 'A' },
              undefined,
              undefined,
              defaultTableContext(),
            )
          ).category_id,
        ),
      );
    const words = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}${'abcdefghijkl'[i]}x`).join(' ');
    const record = await createRecord(
      productsEntity,
      {
        product: words('old'),
        product_code: 'WIDE-1',
        status: 'A',
        company_id: stores[0]!,
        category_ids: categories,
        category_tree: categories,
        price: '1.00',
      },
      undefined,
      undefined,
      defaultTableContext(),
    );
    const id = Number(record.product_id);
    await updateRecord(productsEntity, id, () => ({ product: words('new') }));
    expect(await list([q('newax newlx', 'all')])).toMatchObject({ ids: [id], total: 1 });
    expect(await list([q('oldax', 'all')])).toMatchObject({ ids: [], total: 0 });
    await deleteRecord(productsEntity, id);
    expect(await list([q('newax', 'all')])).toMatchObject({ ids: [], total: 0 });
  });

  it('the layout-9 migration posts the products the layout-8 code wrote; lists read postings only after it', async () => {
    await setLayoutMarker(8);
    await clearMigrationMarkersFrom(9);
    const id = 4_000_000 + made.length;
    await writeOld(productsEntity, {
      product_id: id,
      product: 'quartz clock',
      product_code: 'OLD-1',
      status: 'A',
      company_id: stores[0]!,
      layout: 8,
      version: 1,
    });
    const postingItems = () =>
      queryAll({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
        ExpressionAttributeValues: { ':pk': shardPk('WP#product#product#q', shardOfId(id)), ':w': 'quartz' },
      });
    expect(await postingItems()).toEqual([]);
    // Before: the text items answer (the marker says 8).
    expect(await list([q('quartz', 'all')])).toMatchObject({ ids: [id], total: 1 });
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toContain('layout-9');
    expect(await postingItems()).toHaveLength(1);
    expect(await list([q('quartz clock', 'all'), eq('status', 'A')])).toMatchObject({ ids: [id], total: 1 });
    await restoreCurrentLayout();
  });
});
