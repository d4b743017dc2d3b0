import { GSI1 } from './keys.js';
import { queryFirst } from './query.js';
import { type UserRecord, withoutKeys } from './records.js';
import type { TableTarget } from './table-target.js';
import { parseTupleKey } from './tuple-key.js';
import type { Bucket } from './user-buckets.js';
import { SHARDS } from './user-keys.js';
import { type CopiedSort, sortKeyOf, sortPartition } from './user-sort-keys.js';

/**
 * A page of GET /users in a sort with copies of its own (lib/db/user-sort-keys.ts), `user_type` and `status` at most:
 * each shard of the sort's partition read in its order only as far as the page (plus one, to know whether more
 * follow), the shards merged, `total_items` from the bucket counts. The copies carry the whole record, so nothing
 * more is read.
 */

export interface SortPageQuery {
  sortBy: CopiedSort;
  descending: boolean;
  page: number;
  itemsPerPage: number;
  after?: string;
}

export interface SortPageInput {
  query: SortPageQuery;
  /** The (type, status) buckets the filters select, and how many users each holds (lib/db/users.ts bucketCounts). */
  buckets: readonly Bucket[];
  counts: ReadonlyMap<string, number>;
}

/** The filters as a FilterExpression on the copies (none when every bucket is wanted). */
function bucketFilter(buckets: readonly Bucket[], counts: ReadonlyMap<string, number>) {
  const types = [...new Set(buckets.map((b) => b.userType))];
  const statuses = [...new Set(buckets.map((b) => b.status))];
  const allTypes = new Set([...counts.keys()].map((key) => key.split('#')[0]));
  const allStatuses = new Set([...counts.keys()].map((key) => key.split('#')[1]));
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if ([...allTypes].some((t) => !types.includes(t as Bucket['userType']))) {
    parts.push(`user_type IN (${types.map((_, i) => `:t${i}`).join(', ')})`);
    types.forEach((t, i) => {
      values[`:t${i}`] = t;
    });
  }
  if ([...allStatuses].some((s) => !statuses.includes(s as Bucket['status']))) {
    parts.push(`#status IN (${statuses.map((_, i) => `:s${i}`).join(', ')})`);
    statuses.forEach((s, i) => {
      values[`:s${i}`] = s;
    });
  }
  const names = parts.some((p) => p.startsWith('#status')) ? { ExpressionAttributeNames: { '#status': 'status' } } : {};
  return { values, filter: parts.length === 0 ? {} : { FilterExpression: parts.join(' AND '), ...names } };
}

const countOf = (counts: ReadonlyMap<string, number>, b: Bucket) => counts.get(`${b.userType}#${b.status}`) ?? 0;

/**
 * Whether the copies answer this page for about what reading the matching buckets whole costs (or less): a shard
 * read until `need` matching copies reads about `need × all / matching` copies, at most all of them, where the
 * buckets read whole read `matching` records. Up to twice that is taken: the copies' page is exact and its cost
 * stops growing once the store is larger than a few pages.
 */
export function copiesWorthReading(input: SortPageInput): boolean {
  const matching = input.buckets.reduce((sum, b) => sum + countOf(input.counts, b), 0);
  const all = [...input.counts.values()].reduce((sum, n) => sum + n, 0);
  if (matching === 0) return true;
  const need = needed(input.query);
  return Math.min(all, (SHARDS.length * need * all) / matching) <= 2 * matching;
}

/** How many copies each shard must give: the page and the one after it, and the pages before it without a cursor. */
const needed = (query: SortPageQuery) =>
  (query.after === undefined ? (query.page - 1) * query.itemsPerPage : 0) + query.itemsPerPage + 1;

export async function readSortPage(
  input: SortPageInput,
  table: TableTarget,
): Promise<{ users: UserRecord[]; total: number; more: boolean }> {
  const { query } = input;
  const total = input.buckets.reduce((sum, b) => sum + countOf(input.counts, b), 0);
  if (total === 0) return { users: [], total, more: false };
  const need = needed(query);
  const start = query.after === undefined ? (query.page - 1) * query.itemsPerPage : 0;
  let beyond: string | undefined;
  if (query.after !== undefined) {
    const [value, id] = parseTupleKey(query.after, ['string', 'number']);
    beyond = sortKeyOf(query.sortBy, value, id);
  }
  const { values, filter } = bucketFilter(input.buckets, input.counts);
  const shards = await Promise.all(
    SHARDS.map((shard) =>
      queryFirst(
        {
          IndexName: GSI1,
          KeyConditionExpression: `gsi1pk = :pk${beyond === undefined ? '' : ` AND gsi1sk ${query.descending ? '<' : '>'} :after`}`,
          ExpressionAttributeValues: {
            ':pk': sortPartition(query.sortBy, shard),
            ...(beyond === undefined ? {} : { ':after': beyond }),
            ...values,
          },
          ...filter,
          ScanIndexForward: !query.descending,
          Limit: need,
        },
        need,
        undefined,
        table,
      ),
    ),
  );
  // Sort keys compare as the sort does (lib/db/user-sort-keys.ts sortKeyOf), across shards as within one.
  const key = (item: Record<string, unknown>) => String(item.gsi1sk);
  const merged = shards
    .flat()
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (query.descending ? -1 : 1));
  const page = merged.slice(start, start + query.itemsPerPage);
  return {
    users: page.map((item) => withoutKeys<UserRecord>(item)),
    total,
    more: merged.length > start + query.itemsPerPage,
  };
}
