import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type IdBlocks, idBlocksOn, instanceIdBlocks } from './id-blocks.js';
import { getOne } from './joined-reads.js';
import { LAYOUT_VERSION, layoutMarkerKey, tableLayout } from './layout.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';

/**
 * Everything a store needs of its table, handed to it rather than reached from module state (issue 42, "storage
 * passed in"): the document client and table name (a TableTarget), the layout every record has reached, this
 * instance's id blocks and a clock. Stores are built from one (lib/db/feed-store.ts); a test builds one over a table
 * of its own, or with a clock it sets, and needs nothing reset afterwards.
 */
export interface TableContext extends TableTarget {
  /** The layout every record of the table is on (the marker item; lib/db/layout.ts). */
  layout(): Promise<number>;
  /** This instance's blocks of the table's id sequences (lib/db/id-blocks.ts). */
  readonly idBlocks: IdBlocks;
  /** The time in ms since the epoch, as Date.now(). */
  now(): number;
}

/**
 * This instance's table, as today's configuration names it (TABLE_NAME, the shared client of lib/db/client.ts),
 * with the process-wide layout cache and id blocks the rest of lib/db uses, and the system clock.
 */
export function defaultTableContext(): TableContext {
  return {
    get client() {
      return DEFAULT_TABLE.client;
    },
    get tableName() {
      return DEFAULT_TABLE.tableName;
    },
    layout: tableLayout,
    idBlocks: instanceIdBlocks,
    now: Date.now,
  };
}

/**
 * A context over a table of the caller's choosing (a test's own table, a script's target): id blocks of its own, the
 * layout read from that table's marker (cached once it is the current layout, as a table never goes back), and
 * the clock given (the system clock unless told).
 */
export function tableContextOf(options: {
  client: DynamoDBDocumentClient;
  tableName: string;
  now?: () => number;
}): TableContext {
  const target: TableTarget = { client: options.client, tableName: options.tableName };
  let current = 0;
  return {
    ...target,
    async layout() {
      if (current >= LAYOUT_VERSION) return current;
      const marker = (await getOne(layoutMarkerKey, target))(layoutMarkerKey);
      current = Math.max(current, Number(marker?.version ?? 1));
      return current;
    },
    idBlocks: idBlocksOn(target),
    now: options.now ?? Date.now,
  };
}
