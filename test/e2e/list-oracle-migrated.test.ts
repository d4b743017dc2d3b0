/**
 * A catalog upgraded in place, then checked against the oracle (docs/data-model.md "Layout versions and
 * migrations"): the random catalog of test/e2e/list-oracle-catalog.ts, created through the API, has every product's
 * items put back as the layout-5 code wrote them (text sort keys as the text is, a text item for every word) and
 * the table's marker set to 5, as a stage deployed before layout 6 holds it; `runMigrations` upgrades it; then
 * random questions over real HTTP, root and vendor, every filter and sort, must answer what the products hold.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexEntries } from '../../lib/db/entity-items.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import { getRecord } from '../../lib/db/entity-store.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { productsEntity } from '../../lib/entities/products.js';
import {
  clearMigrationMarkersFrom,
  restoreCurrentLayout,
  send,
  table,
} from '../integration/layout-migration-fixtures.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { createCatalog, type OracleCatalog, PRODUCTS_LIST } from './list-oracle-catalog.js';
import { comparePages, compareWalks, draws, SEED, scaled } from './list-oracle-runner.js';

// Its lists read every record of their kind in the table: on a table of its own, this file's alone, wherever it runs.
onOwnTable('list-oracle-migrated', { bootstrapped: true });

const PRODUCTS = 40;
const QUERIES = scaled(90);
const WALKS = scaled(8);
const OLD_LAYOUT = 5;

const randomness = draws(SEED + 4);
let catalog: OracleCatalog;
/** Items the layout-5 code wrote that layout 6 has not (or keys it wrote differently), across the catalog. */
let differing = 0;

const keyOf = (key: { pk: string; sk: string }) => `${key.pk}\u0000${key.sk}`;

/** Puts a product's items back as the layout-5 code wrote them: what layout 6 changed deleted, the old put. */
async function writeAsLayout5(id: number): Promise<void> {
  const record = (await getRecord(productsEntity, id))!;
  const now = [...indexEntries(productsEntity, id, record).values()];
  const old = [...indexEntries(productsEntity, id, { ...record, layout: OLD_LAYOUT }).values()];
  const oldKeys = new Set(old.map((entry) => keyOf(entry.key)));
  const nowKeys = new Set(now.map((entry) => keyOf(entry.key)));
  for (const entry of now)
    if (!oldKeys.has(keyOf(entry.key))) await send(new DeleteCommand({ TableName: table(), Key: entry.key }));
  for (const entry of old) {
    if (nowKeys.has(keyOf(entry.key))) continue;
    differing++;
    await send(new PutCommand({ TableName: table(), Item: { ...entry.key, ...entry.item } }));
  }
  await send(
    new PutCommand({
      TableName: table(),
      Item: { ...entityKeys.record('product', id), ...record, layout: OLD_LAYOUT },
    }),
  );
}

beforeAll(async () => {
  catalog = await createCatalog(randomness, PRODUCTS);
  for (const product of catalog.products) await writeAsLayout5(product.id);
  await setLayoutMarker(OLD_LAYOUT);
  // A table before layout 6 has run neither its migration nor any later one (up to the code's: a later one left
  // done would leave the marker below the code's layout). It reads over HTTP, so it stays on the server's table.
  await clearMigrationMarkersFrom(OLD_LAYOUT + 1);
}, 300_000);

afterAll(restoreCurrentLayout);

describe(`a catalog migrated from layout 5, against the oracle (LIST_ORACLE_SEED=${SEED})`, () => {
  it('the catalog held layout-5 items: text sort keys of names with spaces, words that start other words', () => {
    // Every name has a space (the tag is one word of several): each product had at least its name's sort keys.
    expect(differing).toBeGreaterThanOrEqual(catalog.products.length);
  });

  it('the migration rewrites every product onto the current layout', async () => {
    expect(await runMigrations({ recordsPerSecond: 1000, log: () => undefined })).toContain('layout-6');
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    for (const product of catalog.products)
      expect((await getRecord(productsEntity, product.id))?.layout).toBe(LAYOUT_VERSION);
  });

  it(`${QUERIES} random queries afterwards, root and vendor: every page and total_items as the oracle answers`, async () => {
    const { wrong, nonEmpty } = await comparePages(PRODUCTS_LIST, catalog.drawCase, QUERIES, randomness.random);
    expect(wrong.slice(0, 8), `${wrong.length} of ${QUERIES} answers differ (seed ${SEED})`).toEqual([]);
    expect(nonEmpty).toBeGreaterThan(QUERIES / 3);
  }, 600_000);

  it(`${WALKS} cursor walks afterwards: every matching product once, in the oracle's order`, async () => {
    const wrong = await compareWalks(PRODUCTS_LIST, catalog.drawCase, WALKS, randomness.random);
    expect(wrong.slice(0, 5), `${wrong.length} of ${WALKS} walks differ (seed ${SEED})`).toEqual([]);
  }, 600_000);
});
