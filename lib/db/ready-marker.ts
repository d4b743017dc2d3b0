import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';

/**
 * The writer of an item that says a table's records all have some items an upgrade gave them (users' list copies,
 * their postings, records' flag postings): the migrations that give them write it when they are done, as they always
 * have. Whether the items are there is read from the layout the table has reached (lib/db/user-index-ready.ts and
 * its siblings), which says no less: the marker is kept for the tables and tools that look for it, not read.
 */
export function readyMarkerWriter(key: { pk: string; sk: string }): () => Promise<void> {
  return async () => {
    await db().send(new PutCommand({ TableName: config().tableName, Item: { ...key, at: Date.now() } }));
  };
}
