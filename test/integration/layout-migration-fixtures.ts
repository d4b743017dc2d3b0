/**
 * What the layout migration tests (test/integration/layout-migration-*.test.ts) share: records written as the code of
 * an older layout wrote them, the companies and tag of this file's records, and the current layout marker put back
 * at the end, whatever happened.
 */
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { indexEntries } from '../../lib/db/entity-items.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import type { ListCondition } from '../../lib/db/entity-list.js';
import type { EntityRecord } from '../../lib/db/entity-store.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';
import { uid } from '../support/fixtures.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';

export const table = () => config().tableName;
export const send = (command: PutCommand | UpdateCommand | DeleteCommand) => db().send(command as never);

/** A record written as the code of an older layout wrote it (no `layout`: 1), its items, counts added. */
export async function writeOld(def: StoredEntityDefinition, record: EntityRecord): Promise<void> {
  const id = Number(record[def.schema.idField]);
  await send(new PutCommand({ TableName: table(), Item: { ...entityKeys.record(def.storage.name, id), ...record } }));
  for (const entry of indexEntries(def, id, record).values()) {
    if (!entry.countOnly) await send(new PutCommand({ TableName: table(), Item: { ...entry.key, ...entry.item } }));
    if (entry.count) {
      await send(
        new UpdateCommand({
          TableName: table(),
          Key: entry.count,
          UpdateExpression: 'ADD #c :one',
          ExpressionAttributeNames: { '#c': 'count' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    }
  }
}

export const companyA = 900_000 + Math.floor(Math.random() * 99_999);
export const companyB = companyA + 100_000;
export const tag = `m${companyA}`;
export const eq = (field: string, value: unknown): ListCondition => ({
  rule: { field, op: 'eq' },
  values: [value as never],
});

/** Whatever happened, later tests find the table on the current layout. */
export async function restoreCurrentLayout(): Promise<void> {
  await setLayoutMarker();
}

/**
 * A migration suite runs on a table of its own: it lowers the layout marker and forgets migrations' done markers,
 * which on the table other files of its pool share would leave them a marker below the code's layout (a later
 * layout's migration still marked done never raises it back) — the interaction that failed the clean-clone run
 * beside layout 9. Call it first in the file: its table is made before the file's own `beforeAll` and removed after
 * the file's own `afterAll`. The file reads and writes through lib/ only (no HTTP: the server keeps its table).
 */
export function onOwnTable(label: string): void {
  const shared = process.env.TABLE_NAME;
  const name = `store-api-${label}-${uid()}`.slice(0, 60);
  const client = new DynamoDBClient({});
  beforeAll(async () => {
    await createTableOfItsOwn(client, name);
    process.env.TABLE_NAME = name;
  });
  afterAll(async () => {
    process.env.TABLE_NAME = shared;
    await client.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
  });
}

/**
 * Forgets the done and progress markers of the migrations from layout `from` up to the code's (a table that was on
 * layout `from - 1` has run none of them): a later one still marked done would leave the marker below the code's.
 */
export async function clearMigrationMarkersFrom(from: number): Promise<void> {
  for (let version = from; version <= LAYOUT_VERSION; version++)
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: `MIGRATION#layout-${version}`, sk } }));
}
