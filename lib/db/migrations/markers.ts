import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../../config.js';
import { batchGet } from '../batch-get.js';
import { putItems } from '../batch-write.js';
import { db } from '../client.js';
import { conditionHeld, readItem } from '../items.js';
import { LAYOUT_VERSION, layoutMarkerKey } from '../layout.js';
import { defaultTableContext } from '../table-context.js';
import { DEFAULT_TABLE } from '../table-target.js';
import type { Progress } from './migration.js';

/**
 * The items that say how far a table's migrations got: per migration a done marker (`MIGRATION#<id>` / `DONE`,
 * written when it completed; it is skipped from then on) and a progress marker (`MIGRATION#<id>` / `PROGRESS`, the
 * last record handled, where an interrupted run resumes), and the table's one layout marker (lib/db/layout.ts), which
 * lists read to know which items every record has (through the table context, told here what this process wrote).
 */
const table = () => config().tableName;
const now = () => Math.floor(Date.now() / 1000);
const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: table(), Item }));

export const migrationMarker = (id: string, sk: 'DONE' | 'PROGRESS') => ({ pk: `MIGRATION#${id}`, sk });

export const isDone = async (id: string): Promise<boolean> =>
  (await readItem(migrationMarker(id, 'DONE'))) !== undefined;

/** Marks a migration done (`fields`: what else the marker says, e.g. that a new table never ran it). */
export async function markDone(id: string, fields: Record<string, unknown> = {}): Promise<void> {
  await put(doneMarker(id, fields));
}

/** Marks migrations done at once (a new table's, none of which ran): BatchWriteItem, 25 markers a call. */
export async function markAllDone(ids: readonly string[], fields: Record<string, unknown> = {}): Promise<void> {
  await putItems(
    ids.map((id) => doneMarker(id, fields)),
    DEFAULT_TABLE,
  );
}

/** Which of `ids` are marked done, read in one BatchGetItem. */
export async function doneOf(ids: readonly string[]): Promise<string[]> {
  const found = await batchGet(ids.map((id) => migrationMarker(id, 'DONE')));
  return ids.filter((id) => found(migrationMarker(id, 'DONE')) !== undefined);
}

const doneMarker = (id: string, fields: Record<string, unknown>) => ({
  ...migrationMarker(id, 'DONE'),
  completed_at: now(),
  ...fields,
});

/** The progress marker of migration `id`. */
export function progressOf(id: string): Progress {
  return {
    read: async () => {
      const item = await readItem(migrationMarker(id, 'PROGRESS'));
      return { storage: item?.storage as string | undefined, after: item?.after as string | undefined };
    },
    save: async (storage, after) => {
      await put({ ...migrationMarker(id, 'PROGRESS'), storage, after, saved_at: now() });
    },
  };
}

/** The item that says every record of the table is on `version` (the current layout unless told). */
export function layoutMarkerItem(version = LAYOUT_VERSION): Record<string, unknown> {
  return { ...layoutMarkerKey, version, completed_at: now() };
}

/**
 * Writes the layout marker as `version` whatever it said (a new table: the current layout; a test that plays an older
 * table), and tells this instance's table context, which reads it from then on without asking the table.
 */
export async function setLayoutMarker(version = LAYOUT_VERSION): Promise<void> {
  await put(layoutMarkerItem(version));
  defaultTableContext().noteLayout(version, 'set');
}

/** Marks a new table on the current layout. */
export const markCurrentLayout = () => setLayoutMarker();

/**
 * The table's records all have the items of layout `version` now (records rewritten by an earlier migration may be on
 * a later one already): the marker says so, unless it says a later layout — one conditional put, so two runs at
 * once never lower it.
 */
export async function raiseLayoutMarker(version: number): Promise<void> {
  await conditionHeld(
    db().send(
      new PutCommand({
        TableName: table(),
        Item: layoutMarkerItem(version),
        ConditionExpression: 'attribute_not_exists(version) OR version < :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    ),
  );
  defaultTableContext().noteLayout(version, 'raised');
}
