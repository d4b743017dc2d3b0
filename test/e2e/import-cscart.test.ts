/**
 * SPEC §12, black box: `npm run admin -- import --from <CS-Cart> --email --key` run as a person runs it, against a
 * CS-Cart 4.20 double (test/support/cscart-store/: string integers, odd ids, keyed and wrapped lists, bad records
 * mixed in, pages that fail) and a fresh store of this file's own, then judged only through this API's answers and
 * the command's output: every record under its source id with the source's values; interrupted and resumed; a
 * repeat that writes nothing; bad records reported with reasons and exit 1; a delta with --since; a misbehaving
 * source retried; id counters above the imported ids. The tests run in order, each on what the previous left.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COLLECTIONS } from '../support/cscart-store/collections.js';
import type { EntityName } from '../support/cscart-store/generate.js';
import { type CsCartStore, startCsCartStore } from '../support/cscart-store/server.js';
import type { CsRow } from '../support/cscart-store/shapes.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';
import {
  COMPARED,
  differencesFrom,
  type FreshStore,
  getJson,
  importFrom,
  postJson,
  reportOf,
  runAdmin,
  startFreshStore,
  storeEnv,
  summaryOf,
} from './import-fixtures.js';

const PRODUCTS = 40;

describe('import from a CS-Cart 4.20 store', () => {
  let fresh: FreshStore;
  let source: CsCartStore;
  let env: NodeJS.ProcessEnv;
  const rows = (entity: EntityName) => [...source.data.tables.get(entity)!.values()];
  const isBad = (entity: string, id: unknown) =>
    source.data.bad.some((bad) => bad.entity === entity && bad.id === String(id));
  /** Source records that got another id here (a local record held theirs): the reports list them. */
  const moved = new Map<string, string>();
  const localId = (entity: string, id: unknown) => moved.get(`${entity}:${id}`) ?? String(id);
  const imported = async (more: string[] = []) => {
    const run = await importFrom(source, env, more);
    if (/^report: /m.test(run.stdout))
      for (const entry of reportOf(run.stdout))
        if (entry.local_id !== undefined) moved.set(`${entry.entity}:${entry.source_id}`, String(entry.local_id));
    return run;
  };

  beforeAll(async () => {
    [fresh, source] = await Promise.all([
      startFreshStore('import'),
      // The administrator running the import is the source's user 1 too (matched by e-mail, SPEC §12).
      startCsCartStore({ products: PRODUCTS, bad: true, email: inject('adminEmail') }),
    ]);
    env = storeEnv(fresh.store);
  }, 420_000);
  afterAll(async () => {
    await source?.close();
    await fresh?.stop();
  });

  it('an import killed mid-way continues with --resume from its checkpoint, without reading the finished entities again', async () => {
    source.setDelay(60);
    let killedAt = 0;
    const interrupted = await runAdmin(
      ['import', '--from', source.url, '--email', source.email, '--key', source.key],
      env,
      (child) => {
        const watch = setInterval(() => {
          // Killed once it reads categories: languages, usergroups, stores, vendors and users are done.
          if (source.requests.some((request) => request.path === '/api/categories')) {
            clearInterval(watch);
            killedAt = source.requests.length;
            child.kill('SIGKILL');
          }
        }, 20);
        child.on('close', () => clearInterval(watch));
      },
    );
    expect(interrupted.code, interrupted.stdout + interrupted.stderr).toBeNull(); // killed, not finished
    expect(killedAt).toBeGreaterThan(0);
    source.setDelay(0);

    const resumed = await imported(['--resume']);
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(1); // bad records remain
    const afterResume = source.requests.slice(killedAt).map((request) => request.path);
    for (const finished of ['/api/languages', '/api/usergroups', '/api/stores'])
      expect(afterResume, `${finished} read again after --resume`).not.toContain(finished);
    expect(afterResume).toContain('/api/products');
    expect(summaryOf(resumed.stdout).get('products')!.written).toBe(PRODUCTS - 2);
  }, 300_000);

  it('every record is here under its source id, with the source’s values, as this API answers GET by that id', async () => {
    const differences: string[] = [];
    for (const entity of Object.keys(COMPARED) as EntityName[]) {
      const idField = COLLECTIONS[entity].idField;
      for (const row of rows(entity)) {
        if (isBad(entity, row[idField])) continue;
        // A user marked bad refuses too the orders, reviews and requests that name it; skip what names a bad record.
        if ('user_id' in row && isBad('users', row.user_id) && entity !== 'users') continue;
        const answer = await getJson(fresh.store, `/api/${entity}/${localId(entity, row[idField])}`);
        differences.push(...differencesFrom(entity, row, answer.status === 200 ? (answer.json as CsRow) : undefined));
      }
    }
    expect(differences).toEqual([]);
    // Statuses and languages this store had built in are matched by their natural keys (a letter and type; a code).
    const statuses = (await getJson(fresh.store, '/api/statuses?items_per_page=250')).json.statuses as CsRow[];
    for (const status of rows('statuses').filter((row) => row.type === 'O'))
      expect(statuses.find((ours) => ours.status === status.status)?.description, String(status.status)).toBe(
        status.description,
      );
    const languages = (await getJson(fresh.store, '/api/languages')).json.languages as Record<string, CsRow>;
    expect(Object.keys(languages)).toEqual(expect.arrayContaining(['en', 'fr']));
    // Memberships, a product's own options and exceptions, variation groups.
    for (const [userId, links] of source.data.links) {
      if (isBad('users', userId)) continue; // a refused user has no memberships here
      const ours = (await getJson(fresh.store, `/api/users/${userId}/usergroups`)).json as Record<string, CsRow>;
      for (const link of links)
        expect(ours[String(link.usergroup_id)]?.status, `user ${userId} in ${link.usergroup_id}`).toBe(link.status);
    }
    for (const exception of rows('exceptions')) {
      const ours = (await getJson(fresh.store, `/api/exceptions/${exception.exception_id}`)).json as CsRow;
      expect(ours.product_id).toBe(exception.product_id);
      expect(ours.combination).toEqual(exception.combination);
    }
    for (const group of rows('product_variations_groups')) {
      const ours = (await getJson(fresh.store, `/api/product_variations_groups/${group.id}`)).json as CsRow;
      const ids = (value: unknown) => (value as CsRow[]).map((product) => Number(product.product_id)).sort();
      expect(ids(ours.products)).toEqual(ids(group.products));
    }
    // Orders are history: a line whose product was deleted at the source is kept as recorded.
    const withDeleted = rows('orders').find((order) =>
      Object.values(order.products as Record<string, CsRow>).some((line) => line.deleted_product === true),
    )!;
    const order = (await getJson(fresh.store, `/api/orders/${withDeleted.order_id}`)).json as CsRow;
    expect(order.total).toBe(withDeleted.total);
    const deletedLine = Object.values(order.products as Record<string, CsRow>).find((line) =>
      source.data.deletedProducts.includes(String(line.product_id)),
    );
    expect(deletedLine, 'the deleted product’s line').toBeDefined();
  }, 300_000);

  it('a repeat writes nothing and duplicates nothing; the bad records are reported with their reasons, exit 1', async () => {
    const repeat = await imported();
    expect(repeat.code, repeat.stdout + repeat.stderr).toBe(1);
    const summary = summaryOf(repeat.stdout);
    expect(summary.get('total')!.written).toBe(0);
    expect(summary.get('products')).toMatchObject({ read: PRODUCTS, unchanged: PRODUCTS - 2, refused: 2 });
    const report = reportOf(repeat.stdout);
    for (const bad of source.data.bad) {
      const line = report.find((entry) => entry.entity === bad.entity && String(entry.source_id) === bad.id);
      expect(line, `${bad.entity} ${bad.id} (${bad.reason}) in the report`).toBeDefined();
      expect(line!.reason.length).toBeGreaterThan(0);
    }
    const listed = (await getJson(fresh.store, '/api/products?items_per_page=1')).json;
    expect(Number(listed.params.total_items)).toBe(PRODUCTS - 2);
    const users = (await getJson(fresh.store, '/api/users?user_type=C&items_per_page=1')).json;
    expect(Number(users.params.total_items)).toBe(rows('users').filter((row) => row.user_type === 'C').length - 1);
  }, 300_000);

  it('id counters sit above the largest imported id: a new product and a new customer get larger ids', async () => {
    const created = await postJson(fresh.store, '/api/products', {
      product: 'Made here after the import',
      price: 5,
      category_ids: [Number(rows('categories')[0]!.category_id)],
    });
    const largestProduct = Math.max(...rows('products').map((row) => Number(row.product_id)));
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(Number(created.json.product_id)).toBeGreaterThan(largestProduct);
    const customer = await postJson(fresh.store, '/api/users', {
      email: 'after-import@example.com',
      user_type: 'C',
      company_id: 1,
    });
    expect(customer.status, JSON.stringify(customer.json)).toBe(201);
    expect(Number(customer.json.user_id)).toBeGreaterThan(Math.max(...rows('users').map((row) => Number(row.user_id))));
  });

  it('--since copies only what changed since then: two edited products, a new one, an order whose status moved', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    const [first, second] = rows('products').filter((row) => !isBad('products', row.product_id));
    source.change('products', String(first!.product_id), { price: '12.34' });
    source.change('products', String(second!.product_id), { product: 'Renamed at the source' });
    source.add('products', {
      ...first!,
      product_id: '9001',
      product_code: 'SKU-NEW-9001',
      product: 'New at the source',
    });
    const order = rows('orders').find((row) => !isBad('users', row.user_id))!;
    source.change('orders', String(order.order_id), { status: 'C' });

    const delta = await imported(['--since', since]);
    expect(delta.code, delta.stdout + delta.stderr).toBe(1); // the bad user is still refused
    const summary = summaryOf(delta.stdout);
    expect(summary.get('products')).toMatchObject({ written: 3 });
    expect(summary.get('orders')).toMatchObject({ written: 1 });
    expect((await getJson(fresh.store, `/api/products/${first!.product_id}`)).json.price).toBe('12.34');
    expect((await getJson(fresh.store, `/api/products/${second!.product_id}`)).json.product).toBe(
      'Renamed at the source',
    );
    expect((await getJson(fresh.store, '/api/products/9001')).json.product_code).toBe('SKU-NEW-9001');
    expect((await getJson(fresh.store, `/api/orders/${order.order_id}`)).json.status).toBe('C');
  }, 300_000);

  it('a source answering 500 once, 429 with Retry-After, HTML instead of JSON or dropping the connection is retried', async () => {
    source.fail({ entity: 'products', page: 1, kind: '500' });
    source.fail({ entity: 'orders', kind: '429', retryAfter: 1 });
    source.fail({ entity: 'users', kind: 'html' });
    source.fail({ entity: 'categories', kind: 'drop' });
    const mark = source.requests.length;
    const run = await imported();
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = reportOf(run.stdout);
    expect(report.filter((entry) => entry.source_id === null)).toEqual([]); // nothing reported about the source
    const seen = (path: string) => source.requests.slice(mark).filter((request) => request.path === path);
    expect(
      seen('/api/products')
        .map((request) => request.status)
        .slice(0, 2),
    ).toEqual([500, 200]);
    expect(
      seen('/api/orders')
        .map((request) => request.status)
        .slice(0, 2),
    ).toEqual([429, 200]);
    expect(summaryOf(run.stdout).get('products')!.read).toBe(PRODUCTS + 1);
    expect(summaryOf(run.stdout).get('total')!.written, run.stdout).toBe(0);
  }, 300_000);

  it('a source that never recovers is reported with the reason, and the run goes on with the next entities', async () => {
    source.fail({ entity: 'taxes', kind: '500', times: Number.POSITIVE_INFINITY });
    const run = await imported();
    source.fail({ entity: 'taxes', kind: '500', times: 0 });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const taxes = reportOf(run.stdout).filter((entry) => entry.entity === 'taxes');
    expect(taxes.length).toBeGreaterThan(0);
    expect(taxes[0]!.reason).toMatch(/500/);
    expect(summaryOf(run.stdout).get('orders')!.read).toBe(rows('orders').length);
  }, 300_000);

  it('export, then import into an empty table, gives the same records (a store moves between stages or accounts)', async () => {
    const first = mkdtempSync(join(tmpdir(), 'export-a-'));
    const second = mkdtempSync(join(tmpdir(), 'export-b-'));
    // The two export folders go however the test ends: a run leaves nothing in the temporary directory.
    try {
      const exported = await runAdmin(['export', '--to', first], env);
      expect(exported.code, exported.stdout + exported.stderr).toBe(0);
      const copyTable = `import-copy-${Date.now()}`;
      await createTableOfItsOwn(
        new DynamoDBClient({
          endpoint: fresh.store.dynamoEndpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
        copyTable,
      );
      const copyEnv = storeEnv(fresh.store, copyTable);
      const readBack = await runAdmin(['import', '--from', first], copyEnv);
      expect(readBack.code, readBack.stdout + readBack.stderr).toBe(0);
      const again = await runAdmin(['export', '--to', second], copyEnv);
      expect(again.code, again.stdout + again.stderr).toBe(0);
      const files = readdirSync(first).sort();
      expect(files).toContain('products.jsonl');
      expect(readdirSync(second).sort()).toEqual(files);
      const lines = (folder: string, file: string) =>
        readFileSync(join(folder, file), 'utf8').split('\n').filter(Boolean).sort();
      for (const file of files) expect(lines(second, file), file).toEqual(lines(first, file));
      expect(lines(first, 'products.jsonl').length).toBe(PRODUCTS - 2 + 2); // + the one made here and the new one
    } finally {
      rmSync(first, { recursive: true, force: true });
      rmSync(second, { recursive: true, force: true });
    }
  }, 300_000);
});
