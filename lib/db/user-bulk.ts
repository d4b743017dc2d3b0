import { keys } from './keys.js';
import type { LoginRecord, UserRecord } from './records.js';
import { countKey, indexItems, profileItem } from './user-index.js';

/**
 * Every item that creating these users writes — profile, login item, list copies — as plain items for
 * BatchWriteItem, and the count each bucket count item must be raised by (apply with `ADD`, so users seeded
 * into a table that already holds some keep exact totals). For seeding a large store fast (benchmarks): the
 * items are exactly those createUser's transactions leave.
 */
export function bulkUserItems(users: ReadonlyArray<{ user: UserRecord; login: LoginRecord }>): {
  items: Record<string, unknown>[];
  counts: Array<{ key: { pk: string; sk: string }; add: number }>;
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
  return { items, counts: [...counts.values()] };
}
