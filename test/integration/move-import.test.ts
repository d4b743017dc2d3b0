/**
 * The import engine against DynamoDB Local (SPEC §12), reading a small CS-Cart-like store over HTTP
 * (move-source-fixture.ts): ids kept, counters raised, a record this store made itself matched and the source's
 * record moved to a new id with its references rewritten, orders as history, refused records reported and never
 * written, failures retried, a repeat that writes nothing, a resumed run, a delta with --since, and an export
 * read back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBootstrapAdmin } from '../../lib/bootstrap.js';
import { CsCartSource } from '../../scripts/lib/move/cscart-source.js';
import { runImport } from '../../scripts/lib/move/engine.js';
import { runExport } from '../../scripts/lib/move/export.js';
import { FolderSource } from '../../scripts/lib/move/folder-source.js';
import { callLocal } from '../../scripts/lib/move/local-api.js';
import type { Source } from '../../scripts/lib/move/source.js';
import { uid } from '../support/fixtures.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';
import { type FakeCsCart, SOURCE_ADMIN, sourceData, startFakeCsCart } from './move-source-fixture.js';

// A table of its own, as `npm start` makes one (the table, then the bootstrap administrator): the source's ids
// (product 12, user 1000) must be free here, whatever the other suites sharing the test store have created.
const sharedTable = process.env.TABLE_NAME;
const client = new DynamoDBClient({});
const tableName = `store-api-move-${uid()}`.slice(0, 60);

const dir = mkdtempSync(join(tmpdir(), 'move-import-'));
const silent = { isTTY: false, write: () => true };
let fake: FakeCsCart;
let source: Source;
let run = 0;

async function importOnce(options: { since?: number; resume?: boolean; from?: Source } = {}) {
  const reportFile = join(dir, `report-${++run}.jsonl`);
  const result = await runImport({
    source: options.from ?? source,
    target: 'test',
    checkpointFile: join(dir, 'checkpoint.json'),
    reportFile,
    resume: options.resume ?? false,
    since: options.since,
    out: silent,
  });
  const report = readFileSync(reportFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { entity: string; source_id: unknown; reason: string; local_id?: number });
  const total = (field: 'read' | 'written' | 'unchanged' | 'refused') =>
    result.counts.reduce((sum, row) => sum + row[field], 0);
  return { ...result, report, total, of: (entity: string) => result.counts.find((row) => row.entity === entity)! };
}

async function get(entity: string, id: number | string) {
  const answer = await callLocal(entity, 'get', { id });
  return { status: answer.status, json: answer.json as Record<string, any> };
}

let first: Awaited<ReturnType<typeof importOnce>>;

// Customers at PAGE a page: 23 of them and the bad one make 24 rows, three pages, as 230 did at CS-Cart's 100 (the
// pages are what is tested; every customer is a few DynamoDB writes in each of the five imports below).
const CUSTOMERS = 23;
const PAGE = 10;

beforeAll(async () => {
  await createTableOfItsOwn(client, tableName);
  process.env.TABLE_NAME = tableName;
  await ensureBootstrapAdmin({});
  fake = await startFakeCsCart(sourceData(CUSTOMERS), PAGE);
  source = new CsCartSource(fake.url, SOURCE_ADMIN);
  first = await importOnce();
}, 240_000);

afterAll(async () => {
  await fake?.close();
  process.env.TABLE_NAME = sharedTable;
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  // The checkpoints and reports of its imports: nothing of the run is left in the temporary directory.
  rmSync(dir, { recursive: true, force: true });
});

describe('import from a CS-Cart store', () => {
  it('keeps the source ids and its values', async () => {
    const product = await get('products', 12);
    expect(product.status).toBe(200);
    expect(product.json).toMatchObject({ product: 'Pants', product_code: 'P12', price: '30.00', amount: '5' });
    expect((await get('categories', 21)).json).toMatchObject({ category: 'Phones', parent_id: '20' });
    expect((await get('users', 1000)).json).toMatchObject({ email: 'customer0@source.example', user_type: 'C' });
    expect((await get('languages', 7)).json).toMatchObject({ lang_code: 'fr' });
    expect((await get('usergroups', 4)).json).toMatchObject({ usergroup: 'Wholesale', type: 'C' });
    expect(first.of('users').read).toBe(CUSTOMERS + 2);
  });

  it('refuses and reports bad records, writes nothing of them, and says so in the count', async () => {
    const refused = first.report.filter((line) => !line.local_id);
    expect(refused.map((line) => `${line.entity}:${line.source_id}`).sort(), JSON.stringify(refused)).toEqual([
      'products:33',
      'users:5000',
    ]);
    expect(refused.find((line) => line.entity === 'products')?.reason).toMatch(/price/);
    expect(first.refused).toBe(2);
    expect((await get('products', 33)).status).toBe(404);
    expect((await get('users', 5000)).status).toBe(404);
  });

  it('moves a source record whose id a record of this store holds, and rewrites references to it', async () => {
    const moved = first.report.find((line) => line.entity === 'users' && String(line.source_id) === '1');
    expect(moved?.local_id).toBeGreaterThan(1);
    expect((await get('users', moved!.local_id!)).json.email).toBe(SOURCE_ADMIN.email);
    expect((await get('users', 1)).json.email).not.toBe(SOURCE_ADMIN.email);
    expect((await get('orders', 88)).json.user_id).toBe(String(moved!.local_id));
  });

  it('brings orders in as history: the source totals and status, no stock taken, a vanished product kept', async () => {
    const order = (await get('orders', 88)).json;
    expect(order).toMatchObject({ total: '77.70', status: 'C', shipping_cost: '17.70' });
    expect(order.products['2']).toMatchObject({ product_id: '404', deleted_product: true });
    expect((await get('products', 12)).json.amount).toBe('5');
  });

  it('raises the id counters above the largest kept id', async () => {
    const created = await callLocal('products', 'create', {
      body: { product: 'After', price: '1.00', company_id: 1, category_ids: [21] },
    });
    expect(created.status).toBe(201);
    expect(Number((created.json as Record<string, unknown>).product_id)).toBeGreaterThan(17);
    const user = await callLocal('users', 'create', { body: { email: 'after@example.com', user_type: 'C' } });
    expect(Number((user.json as Record<string, unknown>).user_id)).toBeGreaterThan(1000 + CUSTOMERS - 1);
  });

  it('retried the failed pages and walked every page once', () => {
    expect(fake.requests.filter((path) => path.startsWith('/api/products?')).length).toBeGreaterThanOrEqual(2);
    const customerPages = fake.requests.filter((path) => path.includes('user_type=C'));
    // 24 customer rows at 10 a page: 3 pages, page 2 asked twice (429), and no page past the end.
    expect(customerPages.length).toBe(4);
  });
});

describe('safe to repeat', () => {
  it('a second run writes nothing and still reports the refused records', async () => {
    const again = await importOnce();
    expect(again.total('written')).toBe(0);
    expect(again.total('unchanged')).toBe(again.total('read') - 2);
    expect(again.refused).toBe(2);
  });

  it('--since writes only what changed since then; a full run picks up the rest', async () => {
    fake.data.products![0] = { ...fake.data.products![0], price: '31.00', updated_timestamp: '1700000000' };
    fake.data.products![1] = { ...fake.data.products![1], price: '189.99', updated_timestamp: '1900000000' };
    const delta = await importOnce({ since: 1800000000 });
    expect(delta.of('products').written).toBe(1);
    expect((await get('products', 17)).json.price).toBe('189.99');
    expect((await get('products', 12)).json.price).toBe('30.00');
    const full = await importOnce();
    expect(full.of('products').written).toBe(1);
    expect((await get('products', 12)).json.price).toBe('31.00');
  });

  it('--resume continues from the checkpoint: finished entities are not read again', async () => {
    const { writeCheckpoint } = await import('../../scripts/lib/move/checkpoint.js');
    const done = [
      'languages',
      'usergroups',
      'stores',
      'vendors',
      'users',
      'categories',
      'features',
      'options',
      'products',
    ];
    writeCheckpoint(join(dir, 'checkpoint.json'), {
      source: source.name,
      target: 'test',
      done,
      ids: first.report.filter((line) => line.local_id).length
        ? { users: { '1': first.report.find((l) => l.local_id)!.local_id! } }
        : {},
      refused: 1,
      optionProducts: [],
      userIds: [],
      groups: 0,
    });
    const before = fake.requests.length;
    const resumed = await importOnce({ resume: true });
    const paths = fake.requests.slice(before);
    expect(paths.some((path) => path.startsWith('/api/users') || path.startsWith('/api/products'))).toBe(false);
    expect(paths.some((path) => path.startsWith('/api/orders'))).toBe(true);
    expect(resumed.counts.map((row) => row.entity)).not.toContain('products');
    // The refused record of the run it continued still counts (exit 1).
    expect(resumed.refused).toBe(1);
  });
});

describe('export and import back', () => {
  it('writes every entity as JSON lines in the API shapes, and reads them back unchanged', async () => {
    const folder = join(dir, 'export');
    const exported = await runExport(folder, silent);
    expect(exported.problems).toEqual([]);
    const products = readFileSync(join(folder, 'products.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(products.find((product) => product.product_id === 12)).toMatchObject({ product: 'Pants', price: '31.00' });
    const back = await importOnce({ from: new FolderSource(folder) });
    expect(back.refused).toBe(0);
    expect(back.counts.filter((row) => row.written > 0)).toEqual([]);
    expect(back.total('unchanged')).toBe(back.total('read'));
  });
});
