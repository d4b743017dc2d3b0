import { padId } from './keys.js';
import type { UserRecord } from './records.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';
import { shardOf, type UserScope, userKeys, type WordField } from './user-keys.js';
import { isSortItem, sortItems } from './user-sort-keys.js';

/**
 * The items that let GET /users answer from what it shows (docs/data-model.md "Users at scale"): besides
 * the profile (GSI1: its all-users bucket), a copy of the user in its company's bucket and one under each
 * word of its name and phone, all in the user's own partition and indexed by GSI1. Copies carry the whole
 * record, so a list page is read from them without another round trip.
 */

/** Words of a name or phone as the filters compare them: lower case, accents dropped, split at anything but letters and digits. */
export function textWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

export const fieldText = (user: Pick<UserRecord, 'firstname' | 'lastname' | 'phone'>, field: WordField) =>
  field === 'name' ? `${user.firstname} ${user.lastname}` : (user.phone ?? '');

/** A filter's words match when each is the start of some word of the field (CS-Cart ANDs its words too). */
export function matchesWords(text: string, query: string): boolean {
  const words = textWords(text);
  return textWords(query).every((part) => words.some((word) => word.startsWith(part)));
}

// A name or phone of 128 characters could hold 64 words; the index keeps the first few (matching in memory sees them all).
const MAX_WORDS: Record<WordField, number> = { name: 12, phone: 6 };
// A word longer than this is indexed by its start (a longer query word then reads that start's users, and matching cuts).
const MAX_WORD_LENGTH = 40;

export const indexedWords = (user: Pick<UserRecord, 'firstname' | 'lastname' | 'phone'>, field: WordField) =>
  [...new Set(textWords(fieldText(user, field)).map((word) => word.slice(0, MAX_WORD_LENGTH)))].slice(
    0,
    MAX_WORDS[field],
  );

/** A query word as the index holds it. */
export const indexedQueryWord = (word: string) => word.slice(0, MAX_WORD_LENGTH);

/** The profile item (GSI1: its shard of the all-users bucket of its type and status). */
export function profileItem(user: UserRecord): Record<string, unknown> {
  return {
    pk: `USER#${user.user_id}`,
    sk: 'PROFILE',
    gsi1pk: userKeys.bucket({}, user.user_type, user.status, shardOf(user.user_id)),
    gsi1sk: padId(user.user_id),
    ...user,
  };
}

/** The company copy, the word copies and the sort copies (lib/db/user-sort-keys.ts) of a user, by `pk\u0000sk`. */
export function indexItems(user: UserRecord): Map<string, Record<string, unknown>> {
  const shard = shardOf(user.user_id);
  const items = new Map<string, Record<string, unknown>>();
  const add = (item: Record<string, unknown>) => items.set(`${String(item.pk)}\u0000${String(item.sk)}`, item);
  add({
    ...userKeys.companyItem(user.user_id),
    gsi1pk: userKeys.bucket({ company: user.company_id }, user.user_type, user.status, shard),
    gsi1sk: padId(user.user_id),
    ...user,
  });
  for (const field of ['name', 'phone'] as const) {
    for (const word of indexedWords(user, field)) {
      add({
        ...userKeys.wordItem(user.user_id, field, word),
        gsi1pk: userKeys.wordPartition(field, word, shard),
        gsi1sk: userKeys.wordSortKey(word, user.user_id),
        ...user,
      });
    }
  }
  for (const item of sortItems(user)) add(item);
  return items;
}

/** Is this item of the user partition one of the index copies? */
export const isIndexItem = (sk: string) => sk === 'COMPANY' || sk.startsWith(userKeys.wordItemPrefix) || isSortItem(sk);

/** A count's key: the shard of the user's id, the scope, type and status. */
export function countKey(user: Pick<UserRecord, 'user_id' | 'user_type' | 'status'>, scope: UserScope) {
  return {
    pk: userKeys.statsPartition(scope, shardOf(user.user_id)),
    sk: userKeys.statsSortKey(user.user_type, user.status),
  };
}

export function countDelta(key: { pk: string; sk: string }, delta: number, table: TableTarget): TransactItem {
  return {
    Update: {
      TableName: table.tableName,
      Key: key,
      UpdateExpression: 'ADD #count :delta',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':delta': delta },
    },
  };
}

/** What a user partition holds of the list items before a write: the profile and the keys of its index copies. */
export interface IndexedBefore {
  user: UserRecord;
  /** `pk\u0000sk` of the copies present (none for a user written before they existed). */
  copies: ReadonlySet<string>;
}

/**
 * The writes that move a user's list items from `before` to `after` (either absent: a create or a delete):
 * copies put or deleted, and bucket counts moved only when the bucket changes. A user written before the
 * copies existed has no company count yet, so its first write adds one and subtracts none.
 */
export function indexWrites(
  before: IndexedBefore | undefined,
  after: UserRecord | undefined,
  table: TableTarget = DEFAULT_TABLE,
): TransactItem[] {
  const writes: TransactItem[] = [];
  const wanted = after ? indexItems(after) : new Map<string, Record<string, unknown>>();
  for (const item of wanted.values()) writes.push({ Put: { TableName: table.tableName, Item: item } });
  for (const key of before?.copies ?? []) {
    if (wanted.has(key)) continue;
    const [pk, sk] = key.split('\u0000');
    writes.push({ Delete: { TableName: table.tableName, Key: { pk, sk } } });
  }
  const hadCompanyCopy =
    before !== undefined && before.copies.has(`${userKeys.companyItem(before.user.user_id).pk}\u0000COMPANY`);
  const move = (from: { pk: string; sk: string } | undefined, to: { pk: string; sk: string } | undefined) => {
    if (from && to && from.pk === to.pk && from.sk === to.sk) return;
    if (from) writes.push(countDelta(from, -1, table));
    if (to) writes.push(countDelta(to, 1, table));
  };
  move(before && countKey(before.user, {}), after && countKey(after, {}));
  move(
    hadCompanyCopy ? countKey(before.user, { company: before.user.company_id }) : undefined,
    after && countKey(after, { company: after.company_id }),
  );
  return writes;
}
