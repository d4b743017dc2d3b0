/**
 * What the layout migration tests (test/integration/layout-migration-*.test.ts) share: records written as the code of
 * an older layout wrote them, the companies and tag of this file's records, and the current layout marker put back
 * at the end, whatever happened.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { indexEntries } from '../../lib/db/entity-items.js';
import { entityKeys } from '../../lib/db/entity-keys.js';
import type { ListCondition } from '../../lib/db/entity-list.js';
import type { EntityRecord } from '../../lib/db/entity-store.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { setLayoutMarker } from '../../lib/db/migrations/markers.js';
import type { StoredEntityDefinition } from '../../lib/entities/types.js';

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
 * Forgets the done and progress markers of the migrations from layout `from` up to the code's (a table that was on
 * layout `from - 1` has run none of them): a later one still marked done would leave the marker below the code's.
 */
export async function clearMigrationMarkersFrom(from: number): Promise<void> {
  for (let version = from; version <= LAYOUT_VERSION; version++)
    for (const sk of ['DONE', 'PROGRESS'])
      await send(new DeleteCommand({ TableName: table(), Key: { pk: `MIGRATION#layout-${version}`, sk } }));
}
