import type { UserSort } from '../entities/users.js';
import { ValidationError } from '../errors.js';
import { padId } from './keys.js';
import type { UserRecord } from './records.js';
import { SHARDS, shardOf } from './user-keys.js';
import { SORT_VALUES } from './user-sort-values.js';

/**
 * The sort copies of a user (layout 11, docs/data-model.md "Users at scale"): one item per sort GET /users cannot
 * answer from its (type, status) buckets, each a copy of the whole record in the user's own partition, indexed by
 * GSI1 in a sharded partition of that sort whose sort key keeps SORT_VALUES' order. A sorted page then reads each
 * shard only as far as the page needs (lib/db/user-sort-page.ts). Pure: keys and items only.
 */

/** The sorts with copies of their own: the others are in bucket order (id, type, status, last_login). */
export const COPIED_SORTS = ['username', 'email', 'name', 'date', 'phone'] as const satisfies readonly UserSort[];
export type CopiedSort = (typeof COPIED_SORTS)[number];

export const isCopiedSort = (sortBy: UserSort): sortBy is CopiedSort =>
  (COPIED_SORTS as readonly string[]).includes(sortBy);

const SORT_ITEM_PREFIX = 'SORTBY#';

/** The copy's key in the user's partition (deleting the user finds it there). */
export const sortItemKey = (userId: number, sortBy: CopiedSort) => ({
  pk: `USER#${userId}`,
  sk: `${SORT_ITEM_PREFIX}${sortBy}`,
});

export const isSortItem = (sk: string) => sk.startsWith(SORT_ITEM_PREFIX);

/** GSI1 partition of one shard of a sort's copies. */
export const sortPartition = (sortBy: CopiedSort, shard: number) => `USERSORT#${sortBy}#${shard}`;

export const sortPartitions = (sortBy: CopiedSort) => SHARDS.map((shard) => sortPartition(sortBy, shard));

// A key attribute holds at most 1,024 bytes: text values are indexed by their first 250 UTF-16 units (at most 750
// bytes); two values alike that far fall to the id, as equal values do.
const MAX_TEXT = 250;
// Dates are whole seconds; padded so that text order is numeric order.
const NUMBER_WIDTH = 15;

/**
 * A (sort value, id) as a GSI1 sort key whose text order is the pair's order: numbers padded; text with the three
 * lowest characters escaped (`\u0002` and the character moved up) and ended by `\u0001`, which sorts before any
 * character of an escaped text — so a value that is the start of another still sorts first, and the `\u0000`
 * between a name's last and first names keeps its place. DynamoDB compares UTF-8 bytes, which agrees with
 * JavaScript's order except between characters beyond U+FFFF and U+E000–U+FFFF (docs/data-model.md).
 */
export function sortKeyOf(sortBy: CopiedSort, value: string | number, userId: number): string {
  if (sortBy === 'date') {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badCursor();
    return `${String(value).padStart(NUMBER_WIDTH, '0')}#${padId(userId)}`;
  }
  if (typeof value !== 'string') throw badCursor();
  let text = value.slice(0, MAX_TEXT);
  // Never end on half a surrogate pair (DynamoDB would store a replacement character).
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  const escaped = text
    .split('')
    .map((c) => (c.charCodeAt(0) <= 2 ? `\u0002${String.fromCharCode(c.charCodeAt(0) + 0x20)}` : c))
    .join('');
  return `${escaped}\u0001${padId(userId)}`;
}

const badCursor = () => new ValidationError('The cursor parameter does not fit this list');

/** The user's sort copies, by `pk\u0000sk`: the whole record, so a page is read from them alone. */
export function sortItems(user: UserRecord): Array<Record<string, unknown>> {
  const shard = shardOf(user.user_id);
  return COPIED_SORTS.map((sortBy) => ({
    ...sortItemKey(user.user_id, sortBy),
    gsi1pk: sortPartition(sortBy, shard),
    gsi1sk: sortKeyOf(sortBy, SORT_VALUES[sortBy](user), user.user_id),
    ...user,
  }));
}
