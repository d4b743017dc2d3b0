/**
 * A create writes its index, sort and text items before its record's transaction (lib/db/entries-first.ts): a
 * failed transaction takes them away again, a list meeting items whose record is not there yet leaves them out,
 * and a create that finds its id taken does not touch that record's items. In-process, on DynamoDB Local, on a table
 * of its own: the snapshots before and after each fault read the whole table.
 */
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The injected failures are logged at warn with their stacks; read before lib/log.ts is loaded.
vi.hoisted(() => {
  process.env.LOG_LEVEL = 'error';
});

import { handler as productsCreate } from '../../functions/products/create.js';
import { handler as productsList } from '../../functions/products/list.js';
import { handler as storesCreate } from '../../functions/stores/create.js';
import { config } from '../../lib/config.js';
import { putItems } from '../../lib/db/batch-write.js';
import { db } from '../../lib/db/client.js';
import { indexEntries } from '../../lib/db/entity-items.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import {
  type CreatePlan,
  createRecord,
  createRecordDecidingAgain,
  deleteRecord,
  type EntityRecord,
  getRecord,
  recordWriteItems,
} from '../../lib/db/entity-store.js';
import { deleteItem, readItem } from '../../lib/db/items.js';
import { LAYOUT_ATTRIBUTE, LAYOUT_VERSION } from '../../lib/db/layout.js';
import { sweepOrphanItems } from '../../lib/db/orphan-items.js';
import { postingWrites } from '../../lib/db/posting-writes.js';
import { idsOfPosting, POSTED_IDS, postingsOf } from '../../lib/db/postings.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { ConditionFailed, transactWrite } from '../../lib/db/transact.js';
import { productsEntity } from '../../lib/entities/products.js';
import type { StoredValue } from '../../lib/entities/types.js';
import { ValidationError } from '../../lib/errors.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import {
  counters,
  expectOnlyChanged,
  expectUnavailable,
  injectFault,
  nthOf,
  removeFault,
  throttled,
} from './faults-dynamodb-fixtures.js';
import { diffSnapshots, event, invoke, rootAuth, snapshotTable } from './hostile-support.js';

onOwnTable('create-entries-first', { bootstrapped: true });
// This instance's table (TABLE_NAME read at each use), where the products' repository writes.
const table = defaultTableContext();
afterEach(() => removeFault());
/** A middleware that lets a transaction through, then throws as if its answer had been lost. */
const AFTER_COMMIT = 'afterCommitTimeout';
const name = productsEntity.storage.name;
/** An item with its numbers as numbers (an entry computed here holds NumberValues, one read back plain numbers). */
const plain = (item: Record<string, unknown> | undefined) =>
  item &&
  Object.fromEntries(
    Object.entries(item).map(([key, value]) => [key, value instanceof NumberValue ? Number(value.value) : value]),
  );
/** A plain product create on this instance's table. */
const createProduct = (values: Record<string, StoredValue>) =>
  createRecord(productsEntity, values, undefined, undefined, table);
const entriesOf = (id: number, record: EntityRecord) =>
  [...indexEntries(productsEntity, id, record).values()].filter((entry) => !entry.countOnly);

describe('a create writes its entries first', () => {
  let companyId: number;
  beforeAll(async () => {
    const store = await invoke(
      storesCreate,
      event('POST', '/api/stores', {
        auth: rootAuth(),
        body: { company: `Entries ${Date.now()}`, storefront: `entries-${Date.now()}.example.com` },
      }),
    );
    companyId = Number(store.json.store_id);
  });

  it('POST /products failing in its transaction → 503; the entries it put are gone again; then 201', async () => {
    const product = `Entries first ${Date.now()}`;
    const body = { product, price: '3.00', amount: 2, product_code: `EF-${Date.now()}`, company_id: companyId };
    const before = await snapshotTable();
    const injection = injectFault(nthOf('TransactWriteItemsCommand'), throttled);
    const failed = await invoke(productsCreate, event('POST', '/api/products', { auth: rootAuth(), body }));
    expect(injection.failed, `${failed.status} ${failed.body} ${injection.seen}`).toBe(1);
    expectUnavailable(failed);
    // The entries went in before the transaction failed (and were deleted after it).
    const seen = injection.seen.filter((command) => /^(BatchWriteItem|TransactWriteItems)Command$/.test(command));
    expect(seen.slice(0, 2)).toEqual(['BatchWriteItemCommand', 'TransactWriteItemsCommand']);
    expect(seen.slice(2).every((command) => command === 'BatchWriteItemCommand') && seen.length > 2).toBe(true);
    removeFault();
    expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);

    const retried = await invoke(productsCreate, event('POST', '/api/products', { auth: rootAuth(), body }));
    expect(retried.status, retried.body).toBe(201);
    const listed = await invoke(
      productsList,
      event('GET', '/api/products', { auth: rootAuth(), query: { q: product, match: 'exact' } }),
    );
    expect(listed.json.products.map((p: { product_id: string }) => Number(p.product_id))).toEqual([
      retried.json.product_id,
    ]);
    expect(listed.json.params.total_items).toBe(1);
  });

  it('a create whose transaction committed but answered a timeout keeps its items (503, then listed)', async () => {
    const code = `COMMITTED-${Date.now()}`;
    const body = { product: 'Committed, then timed out', price: '4.00', product_code: code, company_id: companyId };
    let thrown = false;
    db().middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if ((context as { commandName?: string }).commandName === 'TransactWriteItemsCommand' && !thrown) {
          thrown = true;
          throw Object.assign(new Error('socket timed out after the request was sent'), { name: 'TimeoutError' });
        }
        return result;
      },
      { step: 'initialize', name: AFTER_COMMIT, override: true },
    );
    try {
      expectUnavailable(await invoke(productsCreate, event('POST', '/api/products', { auth: rootAuth(), body })));
    } finally {
      db().middlewareStack.remove(AFTER_COMMIT);
    }
    expect(thrown).toBe(true);
    const listed = await invoke(
      productsList,
      event('GET', '/api/products', { auth: rootAuth(), query: { pcode: code } }),
    );
    expect(listed.json.products.map((p: { product_code: string }) => p.product_code)).toEqual([code]);
    expect(listed.json.params.total_items).toBe(1);
  });

  it('a list leaves out the items of a record not written yet (a create in flight)', async () => {
    const code = `INFLIGHT-${Date.now()}`;
    const written = await createProduct({
      product: 'In flight, written',
      status: 'A',
      product_code: code,
    });
    // A block of its own: the ids after this one are this instance's next.
    table.idBlocks.giveUpBlock(name);
    const pending = await table.idBlocks.reserveId(name, productsEntity.storage.idBlock!);
    const record = { ...written, product_id: pending, product: 'In flight, not yet', version: 1 };
    const entries = entriesOf(pending, record);
    const items = entries.map((entry) => ({ ...entry.key, ...entry.item }));
    await putItems(items, table);
    try {
      const listed = await invoke(
        productsList,
        event('GET', '/api/products', { auth: rootAuth(), query: { pcode: code } }),
      );
      expect(listed.json.products.map((p: { product_id: string }) => Number(p.product_id))).toEqual([
        written.product_id,
      ]);
    } finally {
      await Promise.all(entries.map((entry) => deleteItem(entry.key, table)));
      await deleteRecord(productsEntity, written.product_id);
    }
  });

  it('a create that finds its id taken leaves that record and its entries as they were', async () => {
    // A block of its own: the ids after this one are this instance's next.
    table.idBlocks.giveUpBlock(name);
    const first = await table.idBlocks.reserveId(name, productsEntity.storage.idBlock!);
    // The next id of this instance's block, written as a whole record (items and counts) behind the counter's back.
    const taken = first + 1;
    const record: EntityRecord = {
      product_id: taken,
      product: 'Taken id',
      status: 'A',
      product_code: `TAKEN-${Date.now()}`,
      version: 1,
      [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION,
    };
    await transactWrite(recordWriteItems(productsEntity, taken, undefined, record));
    try {
      const created = await createProduct({ product: 'After a taken id', status: 'A' });
      expect(created.product_id).not.toBe(taken);
      expect((await getRecord(productsEntity, taken))?.product).toBe('Taken id');
      for (const entry of entriesOf(taken, record))
        expect(plain(await readItem(entry.key)), `${entry.key.pk} ${entry.key.sk}`).toEqual(
          plain({ ...entry.key, ...entry.item }),
        );
      await deleteRecord(productsEntity, created.product_id);
    } finally {
      await deleteRecord(productsEntity, taken);
    }
    expect(await readItem(entityKeys.record(name, taken))).toBeUndefined();
  });

  it('sweep-orphans deletes the items of a record never written, not those of a create that commits meanwhile', async () => {
    const written = await createProduct({ product: 'Swept beside', status: 'A' });
    // A block of its own: the ids after this one are this instance's next.
    table.idBlocks.giveUpBlock(name);
    const orphanId = await table.idBlocks.reserveId(name, productsEntity.storage.idBlock!);
    const inFlightId = await table.idBlocks.reserveId(name, productsEntity.storage.idBlock!);
    const recordOf = (id: number, product: string): EntityRecord => ({
      product_id: id,
      product,
      status: 'A',
      version: 1,
      [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION,
    });
    const orphan = entriesOf(orphanId, recordOf(orphanId, 'Never written'));
    const inFlight = recordOf(inFlightId, 'Written while the sweep waits');
    const orphanItems = [...orphan, ...entriesOf(inFlightId, inFlight)].map((e) => ({ ...e.key, ...e.item }));
    await putItems(orphanItems, table);
    // Its postings too: a create ADDs them beside its items, before its transaction.
    const orphanPostings = postingsOf(productsEntity, orphanId, recordOf(orphanId, 'Never written'));
    await transactWrite(
      postingWrites([[productsEntity, orphanId, undefined, recordOf(orphanId, 'Never written')]], table),
    );
    const postedIn = async (key: { pk: string; sk: string }) => {
      const item = await readItem({ pk: key.pk, sk: key.sk });
      return idsOfPosting(key.sk, item?.[POSTED_IDS] as Set<Uint8Array> | undefined);
    };
    expect(orphanPostings.length).toBeGreaterThan(0);
    for (const posting of orphanPostings) expect(await postedIn(posting)).toContain(orphanId);
    // The in-flight create's record is written once the scan has found its items without it.
    let commit: Promise<void> | undefined;
    const swept = await sweepOrphanItems({
      settleMs: 1_000,
      log: (line) => {
        if (line.startsWith('waiting'))
          commit = transactWrite(recordWriteItems(productsEntity, inFlightId, undefined, inFlight));
      },
    });
    expect(commit, 'the scan found the in-flight items without their record').toBeDefined();
    await commit;
    try {
      expect(swept.deleted).toBeGreaterThanOrEqual(orphan.length);
      for (const entry of orphan) expect(await readItem(entry.key), entry.key.pk).toBeUndefined();
      for (const posting of orphanPostings) expect(await postedIn(posting), posting.pk).not.toContain(orphanId);
      for (const posting of postingsOf(productsEntity, inFlightId, inFlight))
        expect(await postedIn(posting), posting.pk).toContain(inFlightId);
      for (const entry of [...entriesOf(inFlightId, inFlight), ...entriesOf(written.product_id, written)])
        expect(await readItem(entry.key), entry.key.pk).toBeDefined();
    } finally {
      await deleteRecord(productsEntity, inFlightId);
      await deleteRecord(productsEntity, written.product_id);
    }
  });

  describe('a create decided again (an order that lost a stock race)', () => {
    /** Records every command the client sends, and the keys each BatchWriteItem puts and deletes. */
    const WATCH = 'watchCommands';
    function watch() {
      const sent: Array<{ command: string; puts: string[]; deletes: string[] }> = [];
      db().middlewareStack.add(
        (next, context) => async (args) => {
          const input = args.input as { RequestItems?: Record<string, Array<Record<string, any>>> };
          const requests = Object.values(input.RequestItems ?? {}).flat();
          const keys = (kind: string, field: string) =>
            requests.flatMap((r) => (r[kind] ? [`${r[kind][field].pk} ${r[kind][field].sk}`] : []));
          sent.push({
            command: String((context as { commandName?: string }).commandName),
            puts: keys('PutRequest', 'Item'),
            deletes: keys('DeleteRequest', 'Key'),
          });
          return next(args);
        },
        { step: 'initialize', name: WATCH, override: true },
      );
      return sent;
    }
    afterEach(() => {
      db().middlewareStack.remove(WATCH);
    });

    /** A transaction item that fails until `open` puts its gate item: the refusal a plan's extra items may meet. */
    const gate = () => {
      const key = { pk: `TEST#gate#${Date.now()}#${Math.random()}`, sk: 'GATE' };
      return {
        key,
        extra: () => ({
          items: [
            {
              ConditionCheck: {
                TableName: config().tableName,
                Key: key,
                ConditionExpression: 'attribute_exists(pk)',
              },
            },
          ],
        }),
        open: () => putItems([key], table),
      };
    };
    const keyText = (entry: { key: { pk: string; sk: string } }) => `${entry.key.pk} ${entry.key.sk}`;

    it('keeps its id, puts only the entries that changed, deletes those it no longer has, reads nothing again', async () => {
      const { extra, open, key } = gate();
      const first: CreatePlan = {
        values: { product: 'Decided again', status: 'A', product_code: `ROUND1-${Date.now()}` },
        extra,
      };
      const ids: number[] = [];
      const withId = (record: EntityRecord) => {
        ids.push(Number(record.product_id));
        return {};
      };
      const second: CreatePlan = { values: { ...first.values, product_code: `ROUND2-${Date.now()}` }, extra, withId };
      const sent = watch();
      let refusals = 0;
      const created = await createRecordDecidingAgain(
        productsEntity,
        { ...first, withId },
        async (refused) => {
          expect(refused).toBeInstanceOf(ConditionFailed);
          refusals++;
          await open();
          return second;
        },
        undefined,
        table,
      );
      db().middlewareStack.remove(WATCH);
      try {
        expect(refusals).toBe(1);
        expect(ids).toEqual([created.product_id, created.product_id]);
        const id = created.product_id;
        const before = entriesOf(id, {
          ...first.values,
          product_id: id,
          version: 1,
          [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION,
        });
        const after = entriesOf(id, created);
        const unchanged = new Set(
          before
            .filter((b) =>
              after.some((a) => keyText(a) === keyText(b) && JSON.stringify(a.item) === JSON.stringify(b.item)),
            )
            .map(keyText),
        );
        const gone = before.map(keyText).filter((k) => !after.some((a) => keyText(a) === k));
        expect(unchanged.size, 'most entries did not change').toBeGreaterThan(0);
        expect(gone.length, 'the first code has entries of its own').toBeGreaterThan(0);

        const commands = sent.map((s) => s.command);
        expect(
          commands.filter((c) => c === 'BatchGetItemCommand'),
          'the id and references are checked once',
        ).toHaveLength(1);
        expect(commands.filter((c) => c === 'TransactWriteItemsCommand')).toHaveLength(2);
        // The second round's batches: after the first transaction, but the gate's put.
        const firstCommit = commands.indexOf('TransactWriteItemsCommand');
        const writes = sent
          .slice(firstCommit)
          .filter((s) => s.command === 'BatchWriteItemCommand' && !s.puts.includes(`${key.pk} ${key.sk}`));
        const secondRound = writes.flatMap((w) => [...w.puts, ...w.deletes]);
        expect(new Set(writes.flatMap((w) => w.deletes))).toEqual(new Set(gone));
        expect(
          secondRound.filter((k) => unchanged.has(k)),
          'unchanged entries are not put again',
        ).toEqual([]);
        for (const entry of after) expect(await readItem(entry.key), keyText(entry)).toBeDefined();
        for (const k of gone) {
          const [pk, sk] = k.split(' ');
          expect(await readItem({ pk: pk!, sk: sk! }), k).toBeUndefined();
        }
      } finally {
        await deleteRecord(productsEntity, created.product_id);
        await deleteItem(key, table);
      }
    });

    it('giving up after a round deletes every entry it put, of each round', async () => {
      const { extra } = gate();
      const before = await snapshotTable();
      const plan = (code: string): CreatePlan => ({
        values: { product: 'Given up', status: 'A', product_code: code },
        extra,
      });
      let round = 0;
      const refused = createRecordDecidingAgain(
        productsEntity,
        plan(`GIVEUP1-${Date.now()}`),
        async () => {
          if (++round > 1) throw new ValidationError('gone');
          return plan(`GIVEUP2-${Date.now()}`);
        },
        undefined,
        table,
      );
      await expect(refused).rejects.toBeInstanceOf(ValidationError);
      expect(round).toBe(2);
      expectOnlyChanged(diffSnapshots(before, await snapshotTable()), counters);
    });
  });
});
