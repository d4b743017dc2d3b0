import type { PostingPlan, PostingRead } from './posting-list.js';
import { postingUpdateIn } from './posting-writes.js';
import { CHUNK, type Posting, postingChanges, valuePostingPartition, wordPostingPartition } from './postings.js';
import type { UserRecord } from './records.js';
import { DEFAULT_TABLE, type TableTarget } from './table-target.js';
import type { TransactItem } from './transact.js';
import { indexedWords, textWords } from './user-index.js';

/**
 * Users' postings (docs/data-model.md "Postings"): the products' packed id sets (lib/db/postings.ts) for the words of
 * "firstname lastname" and for the equalities a users list sends beside `name` (`user_type`, `status`, a vendor's or
 * a filter's `company_id`), so `GET /users?name=` reads a few bytes per matching user and then only its page's
 * profiles, with `total_items` exact. Pure rules here; the reads are lib/db/user-list-postings.ts.
 *
 * Keys as the products': `WP#user#name#<first character>` / `<word>#<chunk>`, `WP#user#<field>` / `<value>#<chunk>`.
 * One difference: a word's first character is posted too (`<c>#<chunk>`: the users having a word that starts with
 * c), so a query word of one character reads one item per chunk instead of every word starting with it (a name's
 * "J", a number's "1": a thousand words at 10,000 users). A one-character word is its own initial, so its posting
 * is that item. Unlike the products' postings they are not in partition shards: a user write is rare next to a
 * product write (a partition takes 1,000 write units a second, 500 user creates), and a shard is one more Query
 * (at least one read unit) per word of every search.
 */

/** The storage name of users' postings. */
export const USER_POSTINGS = 'user';
/** The equalities posted beside the name's words: what a users list may send with `name` and still be read here. */
export const USER_POSTED_VALUES = ['user_type', 'status', 'company_id'] as const;
export type UserPostedValue = (typeof USER_POSTED_VALUES)[number];

const firstCharacter = (word: string) => [...word][0] ?? '';
const chunkKey = (id: number) => String(Math.floor(id / CHUNK)).padStart(10, '0');

/**
 * The postings of a user (none for none: a create's before, a delete's after). Its name words as the word index
 * keeps them (lib/db/user-index.ts indexedWords: the first 12, each cut at 40 characters), less a word that starts
 * another (the longer one's item answers its `begins_with`), and each word's first character.
 */
export function userPostings(user: UserRecord | undefined): Posting[] {
  if (!user) return [];
  const offset = user.user_id % CHUNK;
  const chunk = chunkKey(user.user_id);
  const words = indexedWords(user, 'name');
  const sks = new Set<string>();
  for (const word of words) {
    sks.add(`${firstCharacter(word)}#${chunk}`);
    const startsAnother = words.some((other) => other !== word && other.startsWith(word));
    if ([...word].length > 1 && !startsAnother) sks.add(`${word}#${chunk}`);
  }
  const out: Posting[] = [...sks].map((sk) => ({
    pk: wordPostingPartition(USER_POSTINGS, 'name', firstCharacter(sk)),
    sk,
    offset,
  }));
  for (const field of USER_POSTED_VALUES)
    out.push({ pk: valuePostingPartition(USER_POSTINGS, field), sk: `${String(user[field])}#${chunk}`, offset });
  return out;
}

/**
 * The posting updates that move a user from `before` to `after` (either absent: a create or a delete), for the
 * user's own transaction: ADD and DELETE of set elements, so a user written before postings existed (none to take
 * away) is no different, and the upgrade (the migration `layout-10`, lib/db/migrations/layout-10.ts) may ADD what a write already added.
 */
export const userPostingWrites = (
  before: UserRecord | undefined,
  after: UserRecord | undefined,
  table: TableTarget = DEFAULT_TABLE,
): TransactItem[] =>
  postingChanges([[userPostings(before), userPostings(after)]]).map((change) => postingUpdateIn(table, change));

/** A users list as its postings see it: the `name` words and the posted equalities (undefined: not given). */
export interface UserPostingQuery {
  name: string;
  user_type?: string;
  status?: string;
  company_id?: number;
}

// Longer query words than the index keeps would be cut to its 40 characters and match more than they should.
const MAX_QUERY_WORD = 40;

/**
 * The reads of a `name` search (pure): each query word's items (its initial's for a one-character word, else every
 * word starting with it), intersected with each posted equality given. Undefined when postings cannot answer it
 * exactly: no word, or a word longer than the index keeps.
 */
export function userPostingPlan(query: UserPostingQuery): PostingPlan | undefined {
  const words = [...new Set(textWords(query.name))];
  if (words.length === 0 || words.some((word) => word.length > MAX_QUERY_WORD)) return undefined;
  const groups: PostingRead[][] = words.map((word) => [
    {
      pk: wordPostingPartition(USER_POSTINGS, 'name', firstCharacter(word)),
      begins: [...word].length === 1 ? `${word}#` : word,
    },
  ]);
  for (const field of USER_POSTED_VALUES) {
    const value = query[field];
    if (value !== undefined) groups.push([{ pk: valuePostingPartition(USER_POSTINGS, field), begins: `${value}#` }]);
  }
  return { groups, anyWords: false, wordGroups: words.length };
}
