import { describe, expect, it } from 'vitest';
import { indexedWords, indexItems, indexWrites, matchesWords } from '../../lib/db/user-index.js';
import { matchesUser, sortUsers } from '../../lib/db/user-list.js';
import { userFilters } from '../../lib/operations/users.js';
import { userRecord } from '../support/user-records.js';

const user = userRecord;

describe('userFilters: user_id, user_ids and user_login all name ids', () => {
  it('intersects them; a login that is no user_<id> names nobody', () => {
    expect(userFilters({ user_ids: [3, 5, 3] }).ids).toEqual([3, 5]);
    expect(userFilters({ user_ids: [3, 5], user_id: 5 }).ids).toEqual([5]);
    expect(userFilters({ user_login: 'User_12' }).ids).toEqual([12]);
    expect(userFilters({ user_login: 'user_012' }).ids).toEqual([]);
    expect(userFilters({ user_login: 'admin' }).ids).toEqual([]);
    expect(userFilters({ status: 'A' }).ids).toBeUndefined();
  });
});

describe('matchesUser', () => {
  const ada = user(1, { firstname: 'Ada', lastname: 'Lovelace', phone: '+44 20', company_id: 7 });
  it.each([
    [{ name: 'ada love' }, true],
    [{ name: 'LOVELACE' }, true],
    [{ name: 'grace' }, false],
    [{ phone: '+44' }, true],
    [{ phone: '33' }, false],
    [{ company_id: 7 }, true],
    [{ company_id: 0 }, false],
    [{ is_root: 'N' as const }, true],
    [{ is_root: 'Y' as const }, false],
    [{ email: ' U1@EXAMPLE.COM ' }, true],
    [{ ids: [] }, false],
    [{ ids: [1, 2], user_type: 'C' as const, status: 'A' as const }, true],
  ])('%j → %s', (filters, expected) => {
    expect(matchesUser(ada, filters)).toBe(expected);
  });
  it('a user without a phone matches no phone filter', () => {
    expect(matchesUser(user(2), { phone: '1' })).toBe(false);
  });
});

describe('sortUsers', () => {
  const users = [
    user(1, { lastname: 'turing', firstname: 'alan', email_lc: 'c@x.io', phone: '2', timestamp: 5 }),
    user(2, { lastname: 'Hopper', firstname: 'Grace', email_lc: 'a@x.io', user_type: 'A', timestamp: 5 }),
    user(10, { lastname: 'Lovelace', firstname: 'Ada', email_lc: 'b@x.io', status: 'D', phone: '1', timestamp: 4 }),
  ];
  const order = (sortBy: Parameters<typeof sortUsers>[1], descending = false) =>
    sortUsers(users, sortBy, descending).map((u) => u.user_id);
  it('orders by each key, ties by id, the whole order reversed when descending', () => {
    expect(order('name')).toEqual([2, 10, 1]);
    expect(order('email')).toEqual([2, 10, 1]);
    expect(order('date')).toEqual([10, 1, 2]);
    expect(order('date', true)).toEqual([2, 1, 10]);
    expect(order('type')).toEqual([2, 1, 10]);
    expect(order('status')).toEqual([1, 2, 10]);
    expect(order('phone')).toEqual([2, 10, 1]);
    expect(order('last_login')).toEqual([1, 2, 10]);
    expect(order('username')).toEqual([1, 10, 2]);
    expect(order('id', true)).toEqual([10, 2, 1]);
  });
});

describe('name and phone: each query word starts a word of the field', () => {
  it.each([
    ['Ada Lovelace', 'lov', true],
    ['Ada Lovelace', 'ovelace', false],
    ['Zoë Ärger', 'zoe arg', true],
    ['Ada Lovelace', 'ada grace', false],
    ['+44 20 7946', '+44 79', true],
    ['+44 20 7946', '4420', false],
    ['Ada', '  ', true],
  ])('%s ← %s: %s', (text, query, expected) => {
    expect(matchesWords(text, query)).toBe(expected);
  });
  it('the index keeps a bounded number of distinct words', () => {
    expect(indexedWords({ firstname: 'a a b', lastname: 'c', phone: '1' }, 'name')).toEqual(['a', 'b', 'c']);
    expect(
      indexedWords({ firstname: Array.from({ length: 40 }, (_, i) => `w${i}`).join(' '), lastname: '' }, 'name').length,
    ).toBeLessThan(20);
  });
});

describe('indexWrites: the list copies and counts a write moves', () => {
  const counts = (writes: ReturnType<typeof indexWrites>) =>
    writes
      .flatMap((w) =>
        w.Update
          ? [
              `${String(w.Update.Key?.pk)} ${String(w.Update.Key?.sk)} ${String(w.Update.ExpressionAttributeValues?.[':delta'])}`,
            ]
          : [],
      )
      .sort();
  const ada = user(5, { firstname: 'Ada', company_id: 7 });
  it('a create adds one to its all-users and its company bucket, in the shard of its id', () => {
    expect(counts(indexWrites(undefined, ada))).toEqual(['USERSTATS#1 C#A 1', 'USERSTATS#co7#1 C#A 1']);
  });
  it('an update that changes no bucket moves no count and deletes the words gone', () => {
    const copies = new Set([...indexItems(ada).keys()]);
    const writes = indexWrites({ user: ada, copies }, { ...ada, firstname: 'Grace' });
    expect(counts(writes)).toEqual([]);
    expect(writes.filter((w) => w.Delete).map((w) => w.Delete?.Key?.sk)).toEqual(['WORD#name#ada']);
  });
  it('a user written before the copies existed gets a company count added, none taken', () => {
    const writes = indexWrites({ user: ada, copies: new Set() }, { ...ada, status: 'D' });
    expect(counts(writes)).toEqual(['USERSTATS#1 C#A -1', 'USERSTATS#1 C#D 1', 'USERSTATS#co7#1 C#D 1']);
  });
  it('a delete takes one from both buckets and deletes every copy', () => {
    const copies = new Set([...indexItems(ada).keys()]);
    const writes = indexWrites({ user: ada, copies }, undefined);
    expect(counts(writes)).toEqual(['USERSTATS#1 C#A -1', 'USERSTATS#co7#1 C#A -1']);
    expect(writes.filter((w) => w.Delete).length).toBe(copies.size);
  });
});
