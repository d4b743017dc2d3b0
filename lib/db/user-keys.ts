import { padId } from './keys.js';

/**
 * Where a user's list items live (docs/data-model.md "Users at scale"). Every partition that collects
 * users of a kind is split into USER_SHARDS by `user_id % USER_SHARDS`, so no partition key takes every
 * user write; a list reads the shards of the partitions it needs in parallel and merges them. Shard 0 keeps
 * the names of the first, unsharded layout, so users written before the split are simply in shard 0.
 */
export const USER_SHARDS = 4;

export const SHARDS: readonly number[] = Array.from({ length: USER_SHARDS }, (_, shard) => shard);

export const shardOf = (userId: number) => userId % USER_SHARDS;

const suffix = (shard: number) => (shard === 0 ? '' : `#${shard}`);

/** The set of users a list partition holds: all of them, or one company's. */
export type UserScope = { company?: number };

/** A text field whose words are indexed for the `name` and `phone` filters. */
export type WordField = 'name' | 'phone';

export const userKeys = {
  /** GSI1 partition of one (scope, user_type, status) bucket's shard, in id order (gsi1sk = padded id). */
  bucket: (scope: UserScope, userType: string, status: string, shard: number) =>
    scope.company === undefined
      ? `USERS#${userType}#${status}${suffix(shard)}`
      : `USERCO#${scope.company}#${userType}#${status}${suffix(shard)}`,
  /** The table partition of one shard of a scope's bucket counts (sort key `<type>#<status>`). */
  statsPartition: (scope: UserScope, shard: number) =>
    scope.company === undefined ? `USERSTATS${suffix(shard)}` : `USERSTATS#co${scope.company}${suffix(shard)}`,
  statsSortKey: (userType: string, status: string) => `${userType}#${status}`,
  /** The user's copy in its company's bucket (in the user's own partition, so deleting the user finds it). */
  companyItem: (userId: number) => ({ pk: `USER#${userId}`, sk: 'COMPANY' }),
  /** The user's copy under one indexed word of its name or phone. */
  wordItem: (userId: number, field: WordField, word: string) => ({ pk: `USER#${userId}`, sk: `WORD#${field}#${word}` }),
  wordItemPrefix: 'WORD#',
  /** GSI1 partition of the words of a field starting with one character, in one shard; gsi1sk is `<word>#<padded id>`. */
  wordPartition: (field: WordField, word: string, shard: number) =>
    `USERWORD#${field}#${word.charAt(0)}${suffix(shard)}`,
  wordSortKey: (word: string, userId: number) => `${word}#${padId(userId)}`,
  /** Present once every user has its company and word items (a fresh table, or after the upgrade). */
  indexReady: { pk: 'USERINDEX', sk: 'READY' },
} as const;
