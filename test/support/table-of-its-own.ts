/**
 * A test's table of its own, on its pool's DynamoDB Local.
 */
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { ensureBootstrapAdmin } from '../../lib/bootstrap.js';
import { ensureTable } from '../../lib/db/setup.js';
import { uid } from './fixtures.js';

/**
 * The table `npm start` makes (ensureTable: keys, indexes, TTL, layout marker) without its stream, unless asked for
 * one: only a file that reads the change feed (test/support/change-feed.ts) needs it.
 *
 * Why: DynamoDB Local keeps every table's stream records in one SQLite table keyed by sequence number alone and
 * finds a table's stream shard by scanning back through all of them, so a table whose stream is new pays for every
 * record the pool's other tables have written. Measured, 200 PutItems on a new table after 20,000 items elsewhere:
 * 4.4 s with its stream on, 2.4 s with it turned off after the create, 0.24 s created without one (0.8 s on an empty
 * DynamoDB Local). In a full run the files on tables of their own ran 10 to 40 times slower than alone
 * (users-postings 124 s, alone 7 s).
 */
export async function createTableOfItsOwn(
  client: DynamoDBClient,
  tableName: string,
  { stream = false }: { stream?: boolean } = {},
): Promise<void> {
  await ensureTable(client, tableName, { stream });
}

/**
 * The whole file on a table of its own (TABLE_NAME, which the handlers run in-process and lib/ read at each use). For
 * a file that changes what the pool's other files rely on (a migration suite lowers the layout marker and forgets
 * migrations' done markers, which left other files a marker below the code's layout), and for one that reads the
 * whole table (a snapshot before and after a fault): on the pool's table that read grows with every file before it
 * (16,000 items late in a run), on its own it holds the file's items alone. Call it first in the file: its table is
 * made before the file's own `beforeAll` and removed after the file's own `afterAll`. Not for HTTP: serverless
 * offline keeps the pool's table. `bootstrapped`: the table as `npm start` leaves it, the store's defaults and the
 * run's administrator (inject('adminEmail'), inject('adminKey')) in it, for a file that calls handlers as root.
 */
export function onOwnTable(label: string, options: OwnTableOptions = {}): void {
  let own: TableOfItsOwn | undefined;
  beforeAll(async () => {
    own = await switchToTableOfItsOwn(label, options);
  });
  afterAll(async () => {
    await own?.stop();
  });
}

export interface OwnTableOptions {
  /** The table as `npm start` leaves it: the store's defaults and the run's administrator in it. */
  bootstrapped?: boolean;
  /** With its stream, for a change feed to read (test/support/change-feed.ts): the only tables of a run that have one. */
  stream?: boolean;
}

export interface TableOfItsOwn {
  tableName: string;
  /** Puts back the table used before and deletes this one. */
  stop(): Promise<void>;
}

/**
 * Makes a table of its own (createTableOfItsOwn) the one the handlers and lib/ use (TABLE_NAME) until `stop()`: for a
 * whole file (onOwnTable) or a part of one (the import tests' fresh store, test/e2e/import-fixtures.ts).
 */
export async function switchToTableOfItsOwn(label: string, options: OwnTableOptions = {}): Promise<TableOfItsOwn> {
  const previous = process.env.TABLE_NAME;
  const tableName = `store-api-${label}-${uid()}`.slice(0, 60);
  const client = new DynamoDBClient({});
  await createTableOfItsOwn(client, tableName, { stream: options.stream });
  process.env.TABLE_NAME = tableName;
  if (options.bootstrapped) await ensureBootstrapAdmin({ email: inject('adminEmail'), apiKey: inject('adminKey') });
  return {
    tableName,
    stop: async () => {
      process.env.TABLE_NAME = previous;
      await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      client.destroy();
    },
  };
}
