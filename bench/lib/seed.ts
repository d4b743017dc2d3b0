import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../lib/db/client.js';
import { keys } from '../../lib/db/keys.js';
import { postingUpdate } from '../../lib/db/posting-writes.js';
import type { LoginRecord, UserRecord } from '../../lib/db/records.js';
import { bulkUserItems } from '../../lib/db/user-bulk.js';
import type { UserStatus, UserType } from '../../lib/entities/users.js';
import { inBatches } from '../../lib/in-batches.js';

/**
 * Bulk users for the list-scaling figure. createUser costs two round trips per user (counter, transaction);
 * 10,000 of those would take minutes on DynamoDB Local, so the same items are written with BatchWriteItem:
 * the profile, the login item, the list copies and the per-bucket counts, exactly as lib/db/users.ts
 * createUser writes them (lib/db/user-bulk.ts), ids taken from the same counter in one step.
 */

/** Bucket shares of a store's users: mostly active customers, a few disabled ones, vendors, administrators. */
const MIX: ReadonlyArray<{ userType: UserType; status: UserStatus; share: number }> = [
  { userType: 'C', status: 'A', share: 0.9 },
  { userType: 'C', status: 'D', share: 0.05 },
  { userType: 'V', status: 'A', share: 0.03 },
  { userType: 'A', status: 'A', share: 0.02 },
];

const BATCH = 25;
const PARALLEL_BATCHES = 4;

/** `companyOf(i)`: the company of the i-th user (0 for none, the default). */
export async function seedUsers(
  tableName: string,
  count: number,
  tag: string,
  companyOf: (index: number) => number = () => 0,
): Promise<void> {
  const firstId = (await reserveIds(tableName, count)) - count + 1;
  const users: Array<{ user: UserRecord; login: LoginRecord }> = [];
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < count; i++) {
    const { userType, status } = bucketOf(i, count);
    const user: UserRecord = {
      user_id: firstId + i,
      email: `${tag}-${i}@bench.example.com`,
      email_lc: `${tag}-${i}@bench.example.com`,
      user_type: userType,
      status,
      firstname: FIRST_NAMES[i % FIRST_NAMES.length]!,
      lastname: `${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]} ${i}`,
      phone: `+1 555 ${String(i).padStart(7, '0')}`,
      company_id: companyOf(i),
      is_root: 'N',
      timestamp: now,
      version: 1,
    };
    const login: LoginRecord = {
      user_id: user.user_id,
      email_lc: user.email_lc,
      user_type: user.user_type,
      status: user.status,
      is_root: user.is_root,
      company_id: user.company_id,
      version: 1,
    };
    users.push({ user, login });
  }
  const { items, counts, postings } = bulkUserItems(users);
  await writeAll(tableName, items);
  for (const { key, add } of counts) {
    await db().send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #count :delta',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':delta': add },
      }),
    );
  }
  // Posting items ADD their offsets, so the users created through the API before keep theirs in a shared chunk.
  await inBatches(postings, PARALLEL_BATCHES * 2, async (change) => {
    const { Update } = postingUpdate(change);
    if (Update) await db().send(new UpdateCommand({ ...Update, TableName: tableName }));
  });
}

// Names and phones that repeat as a store's do, so the name and phone filters have something to find.
const FIRST_NAMES = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Frances', 'John', 'Margaret', 'Ken'];
const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Backus',
  'Hamilton',
  'Thompson',
];

/** Deterministic interleaving of the mix, so 100 and 10,000 users have the same bucket shapes. */
function bucketOf(index: number, count: number): { userType: UserType; status: UserStatus } {
  const position = (index + 0.5) / count;
  let cumulative = 0;
  for (const bucket of MIX) {
    cumulative += bucket.share;
    if (position < cumulative) return bucket;
  }
  return MIX[0] as (typeof MIX)[number];
}

/** Advances COUNTER#user by `count` at once; returns the last reserved id. */
async function reserveIds(tableName: string, count: number): Promise<number> {
  const result = await db().send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.counter('user'),
      UpdateExpression: 'SET #value = if_not_exists(#value, :zero) + :count',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':zero': 0, ':count': count },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(result.Attributes?.value);
}

/** BatchWriteItem puts, 25 per request, `parallel` requests at a time, retrying unprocessed items. */
export async function writeAll(
  tableName: string,
  items: readonly Record<string, unknown>[],
  parallel = PARALLEL_BATCHES,
): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += BATCH) batches.push(items.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] ?? [];
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 10) throw new Error('BatchWriteItem kept leaving items unprocessed');
        const result = await db().send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = (result.UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
