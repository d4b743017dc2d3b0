import { USER_STATUSES, USER_TYPES, type UserStatus, type UserType } from '../entities/users.js';
import { GSI1, padId } from './keys.js';
import { queryAll, queryFirst } from './query.js';
import { type UserRecord, withoutKeys } from './records.js';
import type { TableTarget } from './table-target.js';
import { indexedQueryWord } from './user-index.js';
import { SHARDS, type UserScope, userKeys, type WordField } from './user-keys.js';

/**
 * Reading the GSI1 partitions GET /users is answered from (lib/db/user-list.ts decides which): a bucket's
 * shards in id order, and the users under a word of the name or phone. Every read names its shards and
 * merges them, so the number of calls is bounded whatever the store holds.
 */

export interface Bucket {
  userType: UserType;
  status: UserStatus;
}

/** The (user_type, status) buckets a filter selects; only administrators are ever root. */
export function bucketsFor(filters: { user_type?: UserType; status?: UserStatus; is_root?: 'Y' | 'N' }): Bucket[] {
  return USER_TYPES.filter(
    (t) => (!filters.user_type || t === filters.user_type) && (filters.is_root !== 'Y' || t === 'A'),
  ).flatMap((userType) =>
    USER_STATUSES.filter((s) => !filters.status || s === filters.status).map((status) => ({ userType, status })),
  );
}

export interface BucketFilter {
  expression: string;
  values: Record<string, unknown>;
}

export interface BucketRead {
  /** At most this many users of each shard (all of them without a limit). */
  limit?: number;
  descending: boolean;
  /** Start beyond this id (in the read's direction). */
  afterId?: number;
  filter?: BucketFilter;
}

/** One shard of a bucket in id order. */
async function readShard(partition: string, read: BucketRead, table: TableTarget): Promise<UserRecord[]> {
  const beyond = read.afterId === undefined ? '' : ` AND gsi1sk ${read.descending ? '<' : '>'} :after`;
  const items = await queryFirst(
    {
      IndexName: GSI1,
      KeyConditionExpression: `gsi1pk = :pk${beyond}`,
      ExpressionAttributeValues: {
        ':pk': partition,
        ...(read.afterId === undefined ? {} : { ':after': padId(read.afterId) }),
        ...read.filter?.values,
      },
      ...(read.filter ? { FilterExpression: read.filter.expression } : {}),
      ScanIndexForward: !read.descending,
      ...(read.limit !== undefined ? { Limit: read.limit } : {}),
    },
    read.limit,
    undefined,
    table,
  );
  return items.map((item) => withoutKeys<UserRecord>(item));
}

/** A bucket of a scope: its shards in parallel, merged in id order (the first `limit` of the merge). */
export async function readBucket(
  scope: UserScope,
  bucket: Bucket,
  read: BucketRead,
  table: TableTarget,
): Promise<UserRecord[]> {
  const shards = await Promise.all(
    SHARDS.map((shard) => readShard(userKeys.bucket(scope, bucket.userType, bucket.status, shard), read, table)),
  );
  const merged = shards.flat().sort((a, b) => (read.descending ? b.user_id - a.user_id : a.user_id - b.user_id));
  return read.limit === undefined ? merged : merged.slice(0, read.limit);
}

/** Every user with a word of `field` starting with `word` (each once): one Query per shard of the word's partition. */
export async function readWordMatches(field: WordField, word: string, table: TableTarget): Promise<UserRecord[]> {
  const start = indexedQueryWord(word);
  const shards = await Promise.all(
    SHARDS.map((shard) =>
      queryAll(
        {
          IndexName: GSI1,
          KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :word)',
          ExpressionAttributeValues: { ':pk': userKeys.wordPartition(field, start, shard), ':word': start },
        },
        table,
      ),
    ),
  );
  const users = new Map<number, UserRecord>();
  for (const item of shards.flat()) users.set(Number(item.user_id), withoutKeys<UserRecord>(item));
  return [...users.values()];
}
