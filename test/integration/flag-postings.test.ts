/**
 * Flag postings (lib/db/postings.ts `flags`, lib/db/posting-list.ts) on DynamoDB Local, on a table of its own: a
 * vendor's and a shopper's `free_shipping=Y` / `is_edp=Y` answer the ids and the exact total_items the products say,
 * page by page and by cursor; a flag turned off or on and a delete keep them exact; and the `flag-postings` migration
 * gives products written before flags were posted their postings, the lists answering the same before and after.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { type ListCondition, listRecords } from '../../lib/db/entity-list.js';
import { createRecord, deleteRecord, updateRecord } from '../../lib/db/entity-store.js';
import { isFlagPostingsReady } from '../../lib/db/flag-postings-ready.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { flagPostings } from '../../lib/db/migrations/layout-09b-flag-postings.js';
import { progressOf, raiseLayoutMarker, setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { shardOfId, shardPk } from '../../lib/db/partition-shards.js';
import { postingUpdate } from '../../lib/db/posting-writes.js';
import { flagPostingsOf, idsOfPosting, POSTED_IDS, postingChanges, postingsOf } from '../../lib/db/postings.js';
import { queryAll } from '../../lib/db/query.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { transactWrite } from '../../lib/db/transact.js';
import { productsEntity } from '../../lib/entities/products.js';
import { storedCompanies } from '../support/stored-companies.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { writeOld } from './layout-migration-fixtures.js';

onOwnTable('flags');

interface Made {
  id: number;
  free_shipping: string;
  is_edp: string;
  status: string;
  company: number;
}
const made: Made[] = [];
const stores: number[] = [];

const eq = (field: string, value: string | number): ListCondition => ({ rule: { field, op: 'eq' }, values: [value] });

async function list(conditions: ListCondition[], page = 1, perPage = 4, after?: string) {
  const { records, total, nextKey } = await listRecords(
    productsEntity,
    {
      conditions,
      sortBy: 'id',
      descending: false,
      page,
      itemsPerPage: perPage,
      ...(after === undefined ? {} : { after }),
    },
    defaultTableContext(),
  );
  return { ids: records.map((r) => Number(r.product_id)), total, nextKey };
}

const expected = (keep: (p: Made) => boolean) =>
  made
    .filter(keep)
    .map((p) => p.id)
    .sort((a, b) => a - b);

/** The ids a flag's postings hold in a product's partition shard. */
const postedIds = async (id: number, field: string) =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :y)',
      ExpressionAttributeValues: { ':pk': shardPk(`WP#product#${field}`, shardOfId(id)), ':y': 'Y#' },
    })
  ).flatMap((item) => idsOfPosting(String(item.sk), item[POSTED_IDS] as Set<Uint8Array> | undefined));

beforeAll(async () => {
  stores.push(...(await storedCompanies(['Flag store one', 'Flag store two'])));
  for (let i = 0; i < 30; i++) {
    const values = {
      free_shipping: i % 3 === 0 ? 'Y' : 'N',
      is_edp: i % 4 === 1 ? 'Y' : 'N',
      status: i % 5 === 0 ? 'D' : 'A',
      company: stores[i % 2]!,
    };
    const record = await createRecord(
      productsEntity,
      {
        product: `Flag product ${i}`,
        product_code: `FLAG-${i}`,
        status: values.status,
        company_id: values.company,
        free_shipping: values.free_shipping,
        is_edp: values.is_edp,
        price: '1.00',
      },
      undefined,
      undefined,
      defaultTableContext(),
    );
    made.push({ id: Number(record.product_id), ...values });
  }
}, 120_000);

describe('flag lists from postings', () => {
  it("a vendor's and a shopper's flag lists: the ids and the exact total, every page", async () => {
    const cases: Array<[ListCondition[], (p: Made) => boolean]> = [
      [
        [eq('free_shipping', 'Y'), eq('company_id', stores[0]!)],
        (p) => p.free_shipping === 'Y' && p.company === stores[0],
      ],
      [[eq('is_edp', 'Y'), eq('company_id', stores[1]!)], (p) => p.is_edp === 'Y' && p.company === stores[1]],
      [[eq('free_shipping', 'Y'), eq('status', 'A')], (p) => p.free_shipping === 'Y' && p.status === 'A'],
      [[eq('is_edp', 'Y')], (p) => p.is_edp === 'Y'],
    ];
    for (const [conditions, keep] of cases) {
      const ids = expected(keep);
      expect(ids.length).toBeGreaterThan(1);
      for (let page = 1; (page - 1) * 4 < ids.length; page++) {
        const answer = await list(conditions, page);
        expect(answer.total).toBe(ids.length);
        expect(answer.ids).toEqual(ids.slice((page - 1) * 4, page * 4));
      }
    }
    // A flag and a store none of whose products have it: nothing, counted 0.
    expect(await list([eq('is_edp', 'Y'), eq('company_id', stores[0]!)])).toEqual({ ids: [], total: 0, nextKey: null });
  });

  it('pages by cursor: every match once, in id order', async () => {
    const conditions = [eq('free_shipping', 'Y'), eq('status', 'A')];
    const seen: number[] = [];
    let after: string | undefined;
    do {
      const answer = await list(conditions, 1, 2, after);
      seen.push(...answer.ids);
      after = answer.nextKey ?? undefined;
    } while (after !== undefined);
    expect(seen).toEqual(expected((p) => p.free_shipping === 'Y' && p.status === 'A'));
  });

  it('a flag turned off, one turned on and a delete keep the postings exact', async () => {
    const on = made.find((p) => p.free_shipping === 'Y' && p.company === stores[0])!;
    const off = made.find((p) => p.free_shipping === 'N' && p.company === stores[0])!;
    await updateRecord(productsEntity, on.id, () => ({ free_shipping: 'N' }));
    on.free_shipping = 'N';
    await updateRecord(productsEntity, off.id, () => ({ free_shipping: 'Y' }));
    off.free_shipping = 'Y';
    expect(await postedIds(on.id, 'free_shipping')).not.toContain(on.id);
    expect(await postedIds(off.id, 'free_shipping')).toContain(off.id);
    const gone = made.find((p) => p.free_shipping === 'Y' && p.company === stores[0] && p !== off)!;
    await deleteRecord(productsEntity, gone.id);
    made.splice(made.indexOf(gone), 1);
    const answer = await list([eq('free_shipping', 'Y'), eq('company_id', stores[0]!)], 1, 50);
    expect(answer.ids).toEqual(expected((p) => p.free_shipping === 'Y' && p.company === stores[0]));
    expect(answer.ids).toContain(off.id);
    expect(answer.total).toBe(answer.ids.length);
  });

  it('the flag-postings migration posts the flags of products written before; lists answer the same throughout', async () => {
    // A table on layout 9, before flag postings (they are part of layout 10).
    await setLayoutMarker(9);
    expect(await isFlagPostingsReady()).toBe(false);
    const id = 5_000_000 + made.length;
    const old = {
      product_id: id,
      product: 'Old flagged product',
      product_code: 'FLAG-OLD',
      status: 'A',
      company_id: stores[1]!,
      free_shipping: 'Y',
      is_edp: 'Y',
      layout: LAYOUT_VERSION,
      version: 1,
    };
    await writeOld(productsEntity, old);
    // As the code before flag postings wrote it: its words', status's and store's postings, none of its flags.
    const flags = new Set(flagPostingsOf(productsEntity, id, old).map((p) => `${p.pk} ${p.sk}`));
    const before = postingsOf(productsEntity, id, old).filter((p) => !flags.has(`${p.pk} ${p.sk}`));
    await transactWrite(postingChanges([[[], before]]).map(postingUpdate));
    made.push({ id, free_shipping: 'Y', is_edp: 'Y', status: 'A', company: stores[1]! });
    expect(await postedIds(id, 'is_edp')).not.toContain(id);
    const want = expected((p) => p.is_edp === 'Y' && p.company === stores[1]);
    // Before: the flag's index partition answers (no marker), the old product included.
    expect(await list([eq('is_edp', 'Y'), eq('company_id', stores[1]!)], 1, 50)).toMatchObject({ ids: want });
    const log: string[] = [];
    await flagPostings.run({ recordsPerSecond: 1000, log: (line) => log.push(line) }, progressOf(flagPostings.id));
    expect(log.join('\n')).toMatch(/product: \d+ record\(s\) given their flags' postings/);
    // Its marker written, but the lists still read the index partition until the layout says 10, the same.
    expect(await readItem({ pk: 'FLAGPOSTINGS', sk: 'READY' })).toBeDefined();
    expect(await isFlagPostingsReady()).toBe(false);
    expect(await list([eq('is_edp', 'Y'), eq('company_id', stores[1]!)], 1, 50)).toMatchObject({ ids: want });
    // Layout 10's migration runs next and raises the marker: the postings are read from then on.
    await raiseLayoutMarker(10);
    expect(await isFlagPostingsReady()).toBe(true);
    expect(await postedIds(id, 'is_edp')).toContain(id);
    expect(await postedIds(id, 'free_shipping')).toContain(id);
    expect(await list([eq('is_edp', 'Y'), eq('company_id', stores[1]!)], 1, 50)).toMatchObject({
      ids: want,
      total: want.length,
    });
  });
});
