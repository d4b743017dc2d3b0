import { describe, expect, it } from 'vitest';
import { bucketsFor } from '../../lib/db/user-buckets.js';
import { copiesWorthReading } from '../../lib/db/user-sort-page.js';

/** When a sorted users page reads the sort copies rather than the matching buckets whole (lib/db/user-sort-page.ts). */
describe('copiesWorthReading', () => {
  const query = { sortBy: 'email' as const, descending: false, page: 1, itemsPerPage: 10 };
  const counts = (customers: number, disabled: number, admins: number) =>
    new Map([
      ['C#A', customers],
      ['C#D', disabled],
      ['A#A', admins],
    ]);

  it('always without a filter, and for a filter that keeps most users', () => {
    expect(copiesWorthReading({ query, buckets: bucketsFor({}), counts: counts(20, 0, 2) })).toBe(true);
    expect(copiesWorthReading({ query, buckets: bucketsFor({}), counts: counts(1_900, 100, 2) })).toBe(true);
    expect(copiesWorthReading({ query, buckets: bucketsFor({ user_type: 'C' }), counts: counts(1_900, 1, 2) })).toBe(
      true,
    );
  });

  it('not for a filter that keeps few users of many (the copies read would pass over the others)', () => {
    expect(copiesWorthReading({ query, buckets: bucketsFor({ status: 'D' }), counts: counts(1_900, 100, 2) })).toBe(
      false,
    );
    expect(copiesWorthReading({ query, buckets: bucketsFor({ user_type: 'A' }), counts: counts(1_900, 100, 2) })).toBe(
      false,
    );
  });

  it('not for a deep page of a filter that keeps a quarter of the users', () => {
    const buckets = bucketsFor({ status: 'D' });
    expect(copiesWorthReading({ query, buckets, counts: counts(3_000, 1_000, 0) })).toBe(true);
    expect(copiesWorthReading({ query: { ...query, page: 40 }, buckets, counts: counts(3_000, 1_000, 0) })).toBe(false);
  });
});
