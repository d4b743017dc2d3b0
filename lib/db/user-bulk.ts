import { keys } from './keys.js';
import { type PostingChange, postingChanges } from './postings.js';
import type { LoginRecord, UserRecord } from './records.js';
import { countKey, indexItems, profileItem } from './user-index.js';
import { userPostings } from './user-postings.js';

/**
 * Every item that creating these users writes — profile, login item, list copies, postings — as plain items for
 * BatchWriteItem, the count each bucket count item must be raised by and the offsets each posting item gains (apply
 * both with `ADD`, lib/db/posting-writes.ts postingUpdate for postings, so users seeded into a table that already
 * holds some keep exact totals and postings). For seeding a large store fast (benchmarks): the
 * items are exactly those createUser's transactions leave.
 */
export function bulkUserItems(users: ReadonlyArray<{ user: UserRecord; login: LoginRecord }>): {
  items: Record<string, unknown>[];
  counts: Array<{ key: { pk: string; sk: string }; add: number }>;
  postings: PostingChange[];
} {
  const items: Record<string, unknown>[] = [];
  const counts = new Map<string, { key: { pk: string; sk: string }; add: number }>();
  const count = (key: { pk: string; sk: string }) => {
    const id = `${key.pk}\u0000${key.sk}`;
    counts.set(id, { key, add: (counts.get(id)?.add ?? 0) + 1 });
  };
  for (const { user, login } of users) {
    items.push(profileItem(user), { ...keys.login(login.email_lc), ...login }, ...indexItems(user).values());
    count(countKey(user, {}));
    count(countKey(user, { company: user.company_id }));
  }
  const postings = postingChanges(users.map(({ user }) => [[], userPostings(user)] as const));
  return { items, counts: [...counts.values()], postings };
}
