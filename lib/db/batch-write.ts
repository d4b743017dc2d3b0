import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';

/** BatchWriteItem takes at most 25 requests. */
const BATCH_SIZE = 25;
/** Unprocessed keys (throttling) are sent again this many times at most. */
const ATTEMPTS = 8;

/** Deletes items by key: BatchWriteItem 25 at a time, retrying unprocessed keys. */
export async function deleteItems(itemKeys: ReadonlyArray<{ pk: string; sk: string }>): Promise<void> {
  for (let i = 0; i < itemKeys.length; i += BATCH_SIZE) {
    let requests: Record<string, Array<Record<string, unknown>>> | undefined = {
      [config().tableName]: itemKeys.slice(i, i + BATCH_SIZE).map((Key) => ({ DeleteRequest: { Key } })),
    };
    for (let attempt = 0; requests && Object.keys(requests).length > 0 && attempt < ATTEMPTS; attempt++) {
      const result = await db().send(new BatchWriteCommand({ RequestItems: requests as never }));
      requests = result.UnprocessedItems as typeof requests;
    }
  }
}
