import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';

/**
 * An item that says a table's users all have some items an upgrade gives them (their list copies, their postings):
 * read until it is there, then remembered for the life of the process (nothing takes such items away again).
 */
export function readyMarker(key: { pk: string; sk: string }) {
  let ready = false;
  return {
    /** Whether the marker is there (one GetItem per call until it is, then none). */
    async isReady(): Promise<boolean> {
      if (ready) return true;
      const { Item } = await db().send(new GetCommand({ TableName: config().tableName, Key: key }));
      ready = Item !== undefined;
      return ready;
    },
    /** Tests that take the marker away make the next check read it again. */
    forget(): void {
      ready = false;
    },
    async mark(): Promise<void> {
      await db().send(new PutCommand({ TableName: config().tableName, Item: { ...key, at: Date.now() } }));
    },
  };
}
