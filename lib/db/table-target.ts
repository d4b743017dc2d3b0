import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';

/**
 * Where a store's commands go: a document client and a table name. The pieces of lib/db that send commands take
 * one (defaulting to this instance's table), so a store built from a TableContext (lib/db/table-context.ts) reaches
 * its own table and nothing else.
 */
export interface TableTarget {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
}

/**
 * This instance's table: the shared client (lib/db/client.ts) and TABLE_NAME (lib/config.ts), read at each use
 * rather than captured, so a test that swaps the client or changes the environment is seen as before.
 */
export const DEFAULT_TABLE: TableTarget = {
  get client() {
    return db();
  },
  get tableName() {
    return config().tableName;
  },
};
