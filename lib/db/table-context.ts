import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';
import { type IdBlocks, idBlocksOn } from './id-blocks.js';
import { readItem } from './items.js';
import { getOne } from './joined-reads.js';
import { layoutMarkerKey } from './layout.js';
import { type LayoutCache, layoutCache } from './layout-cache.js';
import type { TableTarget } from './table-target.js';

/**
 * Everything a store needs of its table, handed to it rather than reached from module state (issue 42, "storage
 * passed in"): the document client and table name (a TableTarget), the layout every record has reached (and so
 * which postings lists may read), this instance's id blocks and a clock. Stores are built from one
 * (lib/db/feed-store.ts); a test builds one over a table of its own, or with a clock it sets, and needs nothing
 * reset afterwards: the state is the context's, and a new context (or a table of its own) starts afresh.
 */
export interface TableContext extends TableTarget {
  /** The layout every record of the table is on (the marker item; lib/db/layout.ts). */
  layout(): Promise<number>;
  /**
   * What this process just wrote to the layout marker (lib/db/migrations/markers.ts): `raised` — at least `version`
   * (a conditional raise that met a later one leaves that); `set` — exactly `version`. Read from then on without
   * asking the table, as a marker written by another process is after a few seconds.
   */
  noteLayout(version: number, how: 'raised' | 'set'): void;
  /** This instance's blocks of the table's id sequences (lib/db/id-blocks.ts). */
  readonly idBlocks: IdBlocks;
  /** The time in ms since the epoch, as Date.now(). */
  now(): number;
}

/** A context over `target` whose layout marker is read by `readMarker`. */
function contextOn(
  target: TableTarget,
  readMarker: () => Promise<Record<string, unknown> | undefined>,
  now: () => number,
): TableContext {
  const layout: LayoutCache = layoutCache(readMarker);
  return {
    get client() {
      return target.client;
    },
    get tableName() {
      return target.tableName;
    },
    layout: layout.read,
    noteLayout: layout.note,
    idBlocks: idBlocksOn(target),
    now,
  };
}

/**
 * A context over a table of the caller's choosing (a test's own table, a script's target): id blocks of its own, the
 * layout read from that table's marker, and the clock given (the system clock unless told).
 */
export function tableContextOf(options: {
  client: DynamoDBDocumentClient;
  tableName: string;
  now?: () => number;
}): TableContext {
  const target: TableTarget = { client: options.client, tableName: options.tableName };
  return contextOn(
    target,
    async () => (await getOne(layoutMarkerKey, target))(layoutMarkerKey),
    options.now ?? Date.now,
  );
}

/**
 * The contexts of this instance's tables, one per table name (TABLE_NAME, read at each use): a Lambda container has
 * one; a test or bench that points TABLE_NAME at a table of its own gets that table's context, with its own layout
 * and id blocks, and the shared table's is as it was when it points back. Module scope, as Powertools keeps its
 * persistence layer: it lives as long as the container.
 */
const instanceContexts = new Map<string, TableContext>();

function instanceContextOf(tableName: string): TableContext {
  let context = instanceContexts.get(tableName);
  if (!context) {
    // The shared client (lib/db/client.ts), read at each use so a test that swaps it is seen; the marker read joins
    // the other reads of its turn (lib/db/joined-reads.ts) as the rest of the instance's reads do.
    const target: TableTarget = {
      get client() {
        return db();
      },
      tableName,
    };
    context = contextOn(target, () => readItem(layoutMarkerKey), Date.now);
    instanceContexts.set(tableName, context);
  }
  return context;
}

const current = () => instanceContextOf(config().tableName);

/** This instance's table as today's configuration names it: each use goes to the context of that table. */
const INSTANCE_CONTEXT: TableContext = {
  get client() {
    return db();
  },
  get tableName() {
    return config().tableName;
  },
  layout: () => current().layout(),
  noteLayout: (version, how) => current().noteLayout(version, how),
  get idBlocks() {
    return current().idBlocks;
  },
  now: () => Date.now(),
};

/** This instance's table (TABLE_NAME, the shared client of lib/db/client.ts), its layout, id blocks and the system clock. */
export function defaultTableContext(): TableContext {
  return INSTANCE_CONTEXT;
}

/** The layout every record of this instance's table is on (one GetItem per table until it is the current one). */
export const tableLayout = (): Promise<number> => INSTANCE_CONTEXT.layout();

/** Whether lists may read layout-2 items (text items, company copies, newer indexes). */
export const layoutReady = async (): Promise<boolean> => (await tableLayout()) >= 2;
