/**
 * `GET /users?name=` from the users' postings (lib/db/user-postings.ts, lib/db/user-list-postings.ts) answers exactly
 * what the word copies answered before them and what matchesUser says of the users themselves: the same ids in the
 * same order, the same pages, cursors and total_items, with the type, status and company equalities (a vendor's
 * list is its company's) — after creates, renames, status and company changes and a delete. Then the users of an
 * older table (their postings taken away, the layout marker at 9) answer the same from the word copies, and
 * upgradeUserPostings (the `layout-10` migration) gives them their postings back.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../lib/db/client.js';
import { MIGRATIONS } from '../../lib/db/migrations/index.js';
import { upgradeUserPostings } from '../../lib/db/migrations/layout-10.js';
import { raiseLayoutMarker, setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { readPostingIds } from '../../lib/db/posting-list.js';
import { wordPostingPartition } from '../../lib/db/postings.js';
import type { UserRecord } from '../../lib/db/records.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { getUsers, listUsers, type UserListQuery } from '../../lib/db/user-list.js';
import { USER_POSTINGS, userPostingWrites } from '../../lib/db/user-postings.js';
import { isUserPostingsReady } from '../../lib/db/user-postings-ready.js';
import { createUser, deleteUser, updateUser } from '../../lib/db/users.js';
import { storedCompanies } from '../support/stored-companies.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { expectedUsersPage, type UsersPage } from '../support/users-page-oracle.js';

// It plays an older table (layout 9) part of the way: on a table of its own (./layout-migration-fixtures.ts).
onOwnTable('user-postings');

const FIRST = ['Ada', 'Adam', 'J.', 'Émile', 'de'];
const LAST = ['Lovelace', 'love', 'de la Cruz', '12 Turing', 'Young'];

/** A page as the API shows it: ids, total and whether a next cursor is offered. */
type Answer = UsersPage;

const answer = async (query: Partial<UserListQuery>): Promise<Answer> => {
  const page = await listUsers(
    { sortBy: 'id', descending: false, page: 1, itemsPerPage: 10, ...query },
    defaultTableContext(),
  );
  return { ids: page.users.map((u) => u.user_id), total: page.total, next: page.nextKey !== null };
};

/** What the list must answer, from the users themselves. */
function oracle(users: readonly UserRecord[], query: Partial<UserListQuery>): Answer {
  return expectedUsersPage(users, { sortBy: 'id', descending: false, page: 1, itemsPerPage: 10, ...query });
}

/** Every page of a list by cursor: the ids in order. */
async function walk(query: Partial<UserListQuery>): Promise<number[]> {
  const ids: number[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await listUsers(
      { sortBy: 'id', descending: false, page: 1, itemsPerPage: 2, ...query, after },
      defaultTableContext(),
    );
    ids.push(...page.users.map((u) => u.user_id));
    if (page.nextKey === null) return ids;
    after = page.nextKey;
  }
  throw new Error('the walk did not end');
}

describe('users name search from postings', () => {
  it('answers as matchesUser and the word copies do; the upgrade gives an older table its postings', async () => {
    const tag = `p${Date.now().toString(36)}`;
    const [companyId] = (await storedCompanies([`Postings ${tag}`])) as [number];

    const ids: number[] = [];
    for (const [i, firstname] of FIRST.entries())
      for (const [j, last] of LAST.entries()) {
        const n = i * LAST.length + j;
        const user = await createUser(
          {
            email: `${tag}-${n}@postings.example.com`,
            user_type: n % 4 === 3 ? 'V' : 'C',
            status: n % 5 === 2 ? 'D' : 'A',
            firstname,
            lastname: `${last} ${tag}`,
            company_id: n % 3 === 0 ? 0 : companyId,
            is_root: 'N',
          },
          undefined,
          defaultTableContext(),
        );
        ids.push(user.user_id);
      }
    // Writes after the create: a rename, a status and a company change, a delete.
    await updateUser(
      ids[0]!,
      () => ({ firstname: 'Grace', lastname: `Hopper ${tag}` }),
      undefined,
      defaultTableContext(),
    );
    await updateUser(ids[1]!, () => ({ status: 'D' }), undefined, defaultTableContext());
    await updateUser(ids[2]!, () => ({ company_id: 0 }), undefined, defaultTableContext());
    await deleteUser(ids[3]!, undefined, defaultTableContext());
    const live = ids.filter((id) => id !== ids[3]);
    const users = await getUsers(live, defaultTableContext());
    expect(users).toHaveLength(live.length);

    const queries: Array<Partial<UserListQuery>> = [
      { name: tag },
      { name: `ada ${tag}` },
      { name: `a ${tag}` },
      { name: `love ${tag}` },
      { name: `de ${tag}` },
      { name: `d ${tag} la` },
      { name: `j ${tag}` },
      { name: `emile ${tag}` },
      { name: `1 ${tag}` },
      { name: `grace hopper ${tag}` },
      { name: `lovelace ${tag}` },
      { name: tag, user_type: 'C' },
      { name: tag, status: 'D' },
      { name: `a ${tag}`, company_id: companyId },
      { name: tag, company_id: companyId, user_type: 'C', status: 'A' },
      { name: tag, itemsPerPage: 3, page: 2 },
      { name: tag, itemsPerPage: 4, page: 7 },
      { name: tag, descending: true, itemsPerPage: 5, page: 2 },
      { name: tag, sortBy: 'last_login', descending: true, itemsPerPage: 4 },
      { name: `nobody ${tag}` },
    ];
    const expected = queries.map((q) => oracle(users, q));
    // Not a comparison of empty pages: most queries find someone, the paged ones a middle page.
    expect(expected.filter((a) => a.ids.length > 0).length).toBeGreaterThan(15);
    expect(expected[15]).toMatchObject({ total: 24, next: true });
    const all = () => Promise.all(queries.map(answer));
    expect(await isUserPostingsReady(defaultTableContext())).toBe(true);
    expect(await all()).toEqual(expected);
    expect(await walk({ name: tag, company_id: companyId })).toEqual(
      oracle(users, { name: tag, company_id: companyId, itemsPerPage: 100 }).ids,
    );
    expect(await walk({ name: `a ${tag}`, descending: true })).toEqual(
      oracle(users, { name: `a ${tag}`, descending: true, itemsPerPage: 100 }).ids,
    );

    // The postings themselves: the tag word's item holds every live user, the renamed one's old word not it.
    const posted = (word: string) =>
      readPostingIds(
        [wordPostingPartition(USER_POSTINGS, 'name', word.charAt(0))],
        word,
        undefined,
        defaultTableContext(),
      ).then((found) => found.filter((id) => ids.includes(id)).sort((a, b) => a - b));
    expect(await posted(tag)).toEqual(live);
    expect(await posted('ada')).not.toContain(ids[0]);
    expect(await posted('grace')).toEqual([ids[0]]);

    // An older table: these users' postings gone, no marker. The word copies answer, the same.
    for (const user of users) {
      for (const write of userPostingWrites(user, undefined)) await db().send(new UpdateCommand(write.Update!));
    }
    expect(await posted(tag)).toEqual([]);
    await setLayoutMarker(9);
    expect(await isUserPostingsReady(defaultTableContext())).toBe(false);
    expect(await all()).toEqual(expected);

    // The migration: registered, it upgrades every user (these among them) and marks the postings ready.
    expect(MIGRATIONS.map((m) => m.id)).toContain('layout-10');
    expect(await upgradeUserPostings(1_000)).toBeGreaterThanOrEqual(live.length);
    // The postings are read once the runner raises the layout marker to 10 after it.
    expect(await isUserPostingsReady(defaultTableContext())).toBe(false);
    expect(await all()).toEqual(expected);
    await raiseLayoutMarker(10);
    expect(await isUserPostingsReady(defaultTableContext())).toBe(true);
    expect(await posted(tag)).toEqual(live);
    expect(await all()).toEqual(expected);
    // Bounded work (its own table, a fixed set of users), but each user create also writes its five sort copies
    // since layout 11: 60 s was not enough in a clean-clone run beside another suite (alone it takes 6 s).
  }, 180_000);
});
