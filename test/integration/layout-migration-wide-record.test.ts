/**
 * A record too wide to move into its partition shards in one transaction (a product in many categories) on a
 * table of layout 3 (docs/data-model.md "Layout versions and migrations"): it moves in two steps, and lists answer it
 * once before, in between and after. In-process, on DynamoDB Local.
 */

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { nextId } from '../../lib/db/counters.js';
import { indexEntries } from '../../lib/db/entity-items.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { listRecords } from '../../lib/db/entity-list.js';
import { countOf, type EntityRecord, getRecord, recordWriteItems } from '../../lib/db/entity-store.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { rewriteToCurrentLayout } from '../../lib/db/migrations/record-rewrite.js';
import { queryAll } from '../../lib/db/query.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { productsEntity } from '../../lib/entities/products.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { companyA, eq, restoreCurrentLayout, send, table, tag, writeOld } from './layout-migration-fixtures.js';

// Its layout and migration markers are its own (./layout-migration-fixtures.ts onOwnTable).
onOwnTable('mig-wide-record');

afterAll(restoreCurrentLayout);

describe('a record too wide to move in one transaction (a product in many categories)', () => {
  it('moves into its shards in two steps; lists answer it once before, in between and after', async () => {
    await setLayoutMarker(3);
    const categories = [1, 2, 3, 4, 5].map((n) => companyA + 10 * n);
    const id = await nextId('product');
    const record: EntityRecord = {
      product_id: id,
      product: `${tag} wide product in many categories`,
      product_code: `${tag}-wide`,
      price: '5.00',
      status: 'A',
      company_id: companyA,
      free_shipping: 'N',
      is_edp: 'N',
      category_ids: categories,
      category_tree: [...categories, companyA + 1, companyA + 2],
      main_category: categories[0]!,
      timestamp: 1_700_000_200,
      updated_timestamp: 1_700_000_200,
      amount: 1,
      layout: 3,
      version: 1,
    };
    await writeOld(productsEntity, record);
    // Deleting every old item and putting every new one would not fit one transaction.
    expect(recordWriteItems(productsEntity, id, record, { ...record, version: 2 }).length).toBeGreaterThan(100);
    const inCategory = async () =>
      (
        await listRecords(
          productsEntity,
          {
            conditions: [eq('category_ids', categories[2])],
            sortBy: 'id',
            descending: false,
            page: 1,
            itemsPerPage: 10,
          },
          defaultTableContext(),
        )
      ).records.map((r) => Number(r.product_id));
    expect(await inCategory()).toEqual([id]);
    // In between the two steps: the new items in the shards, the old ones still in the logical partitions.
    for (const entry of indexEntries(productsEntity, id, { ...record, layout: LAYOUT_VERSION }).values()) {
      await send(new PutCommand({ TableName: table(), Item: { ...entry.key, ...entry.item } }));
    }
    expect(await inCategory()).toEqual([id]);
    expect(await rewriteToCurrentLayout(productsEntity, id)).toBe(true);
    expect((await getRecord(productsEntity, id))?.layout).toBe(LAYOUT_VERSION);
    const categoryPk = entityKeys.indexPartition('product', 'category_ids', categories[2]!);
    expect(
      await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': categoryPk } }),
    ).toEqual([]);
    expect(await inCategory()).toEqual([id]);
    expect(await countOf('product', 'category_ids', categories[2]!)).toBe(1);
    expect(await rewriteToCurrentLayout(productsEntity, id)).toBe(false);
  });
});
