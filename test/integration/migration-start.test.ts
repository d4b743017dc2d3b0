/**
 * What the migrations do before they run (lib/db/migrations/start.ts), each case on a table of its own:
 * a table created new — by `npm start` (lib/db/setup.ts ensureTable) or by a first deploy's core stack (empty, no
 * marker) — starts on the current layout and runs no migration; a table an older version wrote runs them all; a
 * table a newer version migrated is refused with what to do, and nothing is written to it.
 */
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, waitUntilTableExists } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { readItem } from '../../lib/db/items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../../lib/db/layout.js';
import { MIGRATIONS } from '../../lib/db/migrations/index.js';
import { layoutMarkerItem, migrationMarker } from '../../lib/db/migrations/markers.js';
import { runMigrations } from '../../lib/db/migrations/runner.js';
import { tableDefinition } from '../../lib/db/schema.js';
import { ensureTable } from '../../lib/db/setup.js';
import { userKeys } from '../../lib/db/user-keys.js';
import { productsEntity } from '../../lib/entities/products.js';
import { uid } from '../support/fixtures.js';
import { writeOld } from './layout-migration-fixtures.js';

const sharedTable = process.env.TABLE_NAME;
const client = new DynamoDBClient({});
const made: string[] = [];

/** A table of its own, the one lib/ uses until the next. */
async function useNewTable(create: (name: string) => Promise<unknown>): Promise<void> {
  const name = `store-api-migration-start-${uid()}`.slice(0, 60);
  await create(name);
  made.push(name);
  process.env.TABLE_NAME = name;
}

/**
 * As the core stack creates it: the table's definition, nothing in it — without its stream, which migrations never
 * read and which DynamoDB Local makes slow to write to late in a run (test/support/table-of-its-own.ts).
 */
async function createLikeTheCoreStack(name: string): Promise<void> {
  const { StreamSpecification: _stream, ...definition } = tableDefinition(name);
  await client.send(new CreateTableCommand(definition));
  await waitUntilTableExists({ client, maxWaitTime: 60 }, { TableName: name });
}

async function migrate(): Promise<{ ran: string[]; log: string[] }> {
  const log: string[] = [];
  const ran = await runMigrations({ recordsPerSecond: 1000, log: (line) => log.push(line) });
  return { ran, log };
}

const doneMarkers = async () =>
  (await Promise.all(MIGRATIONS.map((m) => readItem(migrationMarker(m.id, 'DONE'))))).filter(Boolean).length;

afterAll(async () => {
  process.env.TABLE_NAME = sharedTable;
  for (const TableName of made) await client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
});

describe('a table created new runs no migration', () => {
  it.each([
    // Without its stream, like every table a test makes (createTableOfItsOwn): the layout is the subject.
    ['npm start (ensureTable)', (name: string) => ensureTable(client, name, { stream: false })],
    ['a first deploy (the core stack: empty, no layout marker)', createLikeTheCoreStack],
  ])('%s: on the current layout, every migration marked done, the users index ready', async (_how, create) => {
    await useNewTable(create);
    const first = await migrate();
    expect(first.ran).toEqual([]);
    expect(first.log).toEqual([`a new table: item layout ${LAYOUT_VERSION} from the start, no migration needed`]);
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
    expect(await doneMarkers()).toBe(MIGRATIONS.length);
    expect(await readItem(userKeys.indexReady)).toBeDefined();
    // Its users are written with their postings: name searches read them from the start.
    expect(await readItem({ pk: 'USERPOSTINGS', sk: 'READY' })).toBeDefined();
    // The next start or deploy reads the done markers and nothing else.
    expect(await migrate()).toEqual({ ran: [], log: [] });
  });
});

describe('a table an older version wrote', () => {
  it('with a record and no layout marker (layout 1): every migration runs, the marker ends current', async () => {
    await useNewTable(createLikeTheCoreStack);
    await writeOld(productsEntity, { product_id: 1, product: 'Old', product_code: 'OLD-1', status: 'A', version: 1 });
    const { ran } = await migrate();
    expect(ran).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION });
  });
});

describe('a table a newer version migrated (a rollback)', () => {
  it('is refused with the reason and the ways out, and nothing is written to it', async () => {
    await useNewTable((name) => ensureTable(client, name, { stream: false }));
    await db().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: layoutMarkerItem(LAYOUT_VERSION + 1) }));
    await expect(migrate()).rejects.toThrow(
      `the table is on item layout ${LAYOUT_VERSION + 1}, newer than this code's ${LAYOUT_VERSION}`,
    );
    await expect(migrate()).rejects.toThrow(/restore the table .* CHANGELOG\.md "Rolling back"/);
    expect(await doneMarkers()).toBe(0);
    expect(await readItem(layoutMarkerKey)).toMatchObject({ version: LAYOUT_VERSION + 1 });
  });
});
