/**
 * A test's table of its own, on its pool's DynamoDB Local.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../lib/db/setup.js';

/**
 * The table `npm start` makes (ensureTable: keys, indexes, TTL, layout marker) without its stream: no change feed
 * reads a test's own table.
 *
 * Why: DynamoDB Local keeps every table's stream records in one SQLite table keyed by sequence number alone and
 * finds a table's stream shard by scanning back through all of them, so a table whose stream is new pays for every
 * record the pool's other tables have written. Measured, 200 PutItems on a new table after 20,000 items elsewhere:
 * 4.4 s with its stream on, 2.4 s with it turned off after the create, 0.24 s created without one (0.8 s on an empty
 * DynamoDB Local). In a full run the files on tables of their own ran 10 to 40 times slower than alone
 * (users-postings 124 s, alone 7 s).
 */
export async function createTableOfItsOwn(client: DynamoDBClient, tableName: string): Promise<void> {
  await ensureTable(client, tableName, { stream: false });
}
