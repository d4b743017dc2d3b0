/**
 * GET /users sorted by username, email, name, date or phone from the users' sort copies (layout 11,
 * lib/db/user-sort-keys.ts, lib/db/user-sort-page.ts) answers what sorting the users themselves in memory answers:
 * the same ids in the same order, ascending and descending, page by page and cursor by cursor, with the exact
 * total, alone and with `user_type` and `status` — after creates, renames, e-mail, phone and status changes and a
 * delete. Then users written without their copies (an older table, its layout marker at 10) answer the same from
 * the buckets, and the `layout-11` migration gives them their copies back.
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { layout11, upgradeUser } from '../../lib/db/migrations/layout-11.js';
import { markCurrentLayout, setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { queryAll } from '../../lib/db/query.js';
import type { UserRecord } from '../../lib/db/records.js';
import { defaultTableContext, tableLayout } from '../../lib/db/table-context.js';
import { bucketsFor, readBucket } from '../../lib/db/user-buckets.js';
import { listUsers, type UserFilters } from '../../lib/db/user-list.js';
import { COPIED_SORTS, isSortItem } from '../../lib/db/user-sort-keys.js';
import { copiesWorthReading, readSortPage } from '../../lib/db/user-sort-page.js';
import { bucketCounts, createUser, deleteUser, updateUser } from '../../lib/db/users.js';
import type { UserSort } from '../../lib/entities/users.js';
import { onOwnTable } from '../support/table-of-its-own.js';
import { expectedUsersPage } from '../support/users-page-oracle.js';

// It sorts every user in the table and lowers the layout marker to 10: on a table of its own, this file's users alone,
// and no other file of the pool sees the older layout.
onOwnTable('users-sort-copies', { bootstrapped: true });

afterAll(async () => {
  await markCurrentLayout();
});

/** Every user of the table, from the all-users buckets. */
const allUsers = async (): Promise<UserRecord[]> =>
  (
    await Promise.all(bucketsFor({}).map((b) => readBucket({}, b, { descending: false }, defaultTableContext())))
  ).flat();

const oracle = expectedUsersPage;

const query = (sortBy: UserSort, descending: boolean, filters: UserFilters, page = 1, itemsPerPage = 3) => ({
  sortBy,
  descending,
  page,
  itemsPerPage,
  ...filters,
});

const FILTERS: UserFilters[] = [{}, { user_type: 'C' }, { status: 'D' }, { user_type: 'C', status: 'A' }];

/** Pages 1 and 3 of every sort, direction and filter through listUsers and straight from the copies, and a walk by cursor. */
async function expectSortedAsTheUsers(fromCopies: boolean): Promise<void> {
  const users = await allUsers();
  const counts = await bucketCounts(undefined, defaultTableContext());
  for (const sortBy of COPIED_SORTS)
    for (const descending of [false, true]) {
      for (const filters of FILTERS)
        for (const page of [1, 3]) {
          const q = query(sortBy, descending, filters, page);
          const label = JSON.stringify(q);
          const listed = await listUsers(q, defaultTableContext());
          expect(
            { ids: listed.users.map((u) => u.user_id), total: listed.total, next: listed.nextKey !== null },
            label,
          ).toEqual(oracle(users, q));
          if (!fromCopies) continue;
          // Straight from the copies. Where listUsers reads them itself (copiesWorthReading, with these very
          // buckets and counts) its answer above is readSortPage's, so they are asked only where it read the buckets.
          const input = { query: { ...q, sortBy }, buckets: bucketsFor(filters), counts };
          const copies = copiesWorthReading(input)
            ? { users: listed.users, total: listed.total, more: listed.nextKey !== null }
            : await readSortPage(input, defaultTableContext());
          expect({ ids: copies.users.map((u) => u.user_id), total: copies.total, next: copies.more }, label).toEqual(
            oracle(users, q),
          );
          // The copies are the records themselves.
          expect(copies.users).toEqual(copies.users.map((u) => users.find((v) => v.user_id === u.user_id)));
        }
      // Cursor by cursor, the whole list once, in order (in about 6 pages, however many users earlier files left).
      const walked: number[] = [];
      let after: string | undefined;
      const perPage = Math.max(7, Math.ceil(users.length / 6));
      do {
        const listed = await listUsers(
          { ...query(sortBy, descending, {}, 1, perPage), ...(after ? { after } : {}) },
          defaultTableContext(),
        );
        walked.push(...listed.users.map((u) => u.user_id));
        after = listed.nextKey ?? undefined;
      } while (after);
      expect(walked, `${sortBy} ${descending}`).toEqual(oracle(users, query(sortBy, descending, {}, 1, 1e6)).ids);
    }
}

const sortCopiesOf = async (userId: number) =>
  (
    await queryAll({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}` },
      ConsistentRead: true,
    })
  ).filter((item) => isSortItem(String(item.sk)));

describe('users sorted from their sort copies', () => {
  it('answer as the users sorted in memory: pages, cursors, totals, filters, after writes and the migration', async () => {
    expect(await tableLayout()).toBe(LAYOUT_VERSION);
    const tag = `s${Date.now().toString(36)}`;
    const people = [
      ['Ada', 'Lovelace', '+44 20 7946 0001', 'A'],
      ['ada', 'lovelace', undefined, 'D'],
      ['Émile', 'Zola', '+33 1 00', 'A'],
      ['Emile', 'zola', '+33 1 00', 'A'],
      ['Grace', 'Hopper', '+1 555 0100', 'D'],
      ['Alan', '', '', 'A'],
      ['', 'Turing', '+44 1', 'A'],
      ['Zoë', 'Åberg', '12', 'A'],
    ] as const;
    const ids: number[] = [];
    for (const [i, [firstname, lastname, phone, status]] of people.entries()) {
      const user = await createUser(
        {
          email: `${String.fromCharCode(122 - i)}-${tag}@sort.example.com`,
          user_type: i === 4 ? 'V' : 'C',
          status,
          firstname,
          lastname,
          ...(phone === undefined ? {} : { phone }),
          company_id: 0,
          is_root: 'N',
        },
        undefined,
        defaultTableContext(),
      );
      ids.push(user.user_id);
      expect(await sortCopiesOf(user.user_id)).toHaveLength(COPIED_SORTS.length);
    }
    // More users than a page in every shard, so a page beyond the first needs each shard read past it.
    const WORDS = ['Kim', 'kim', 'Lee', 'Noor', 'Ørsted', 'Olu', 'Park', 'Quinn'];
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createUser(
          {
            email: `f${(i * 7) % 24}-${tag}@sort.example.com`,
            user_type: 'C',
            status: i % 5 === 0 ? 'D' : 'A',
            firstname: WORDS[(i * 3) % WORDS.length]!,
            lastname: WORDS[i % WORDS.length]!,
            phone: `+1 ${(i * 13) % 10} ${i}`,
            company_id: 0,
            is_root: 'N',
          },
          undefined,
          defaultTableContext(),
        ),
      ),
    );
    await expectSortedAsTheUsers(true);

    // Writes that move users within the sorts and between the filters.
    await updateUser(ids[0]!, () => ({ lastname: 'Aardvark', phone: '000' }), undefined, defaultTableContext());
    await updateUser(ids[2]!, () => ({ email: `a-${tag}@sort.example.com` }), undefined, defaultTableContext());
    await updateUser(ids[3]!, () => ({ status: 'D' }), undefined, defaultTableContext());
    await updateUser(ids[5]!, () => ({ firstname: 'Zed' }), undefined, defaultTableContext());
    await deleteUser(ids[6]!, undefined, defaultTableContext());
    expect(await sortCopiesOf(ids[6]!)).toEqual([]);
    const moved = (await sortCopiesOf(ids[0]!)).find((item) => item.sk === 'SORTBY#name');
    expect(moved).toMatchObject({ lastname: 'Aardvark' });
    expect(String(moved?.gsi1sk).startsWith('aardvark\u0002 ada\u0001')).toBe(true);
    await expectSortedAsTheUsers(true);

    // A bad cursor for a sort from the copies is a 400, not a wrong page.
    await expect(
      listUsers({ ...query('date', false, {}), after: '["soon",1]' }, defaultTableContext()),
    ).rejects.toThrow('The cursor parameter does not fit this list');

    // An older table: some users without their copies, the layout marker at 10. Lists read the buckets, the same.
    const stripped = [ids[1]!, ids[2]!, ids[7]!];
    for (const id of stripped)
      for (const item of await sortCopiesOf(id))
        await db().send(new DeleteCommand({ TableName: config().tableName, Key: { pk: item.pk, sk: item.sk } }));
    await setLayoutMarker(LAYOUT_VERSION - 1);
    expect(await tableLayout()).toBe(LAYOUT_VERSION - 1);
    await expectSortedAsTheUsers(false);

    // The migration gives them their copies back (and nobody twice); with the marker raised the copies answer.
    const lines: string[] = [];
    await layout11.run(
      { recordsPerSecond: 1_000, log: (line) => lines.push(line) },
      {
        read: async () => ({}),
        save: async () => {},
      },
    );
    expect(lines.join('\n')).toMatch(/layout-11: \d+ user\(s\) given their sort copies/);
    for (const id of stripped) {
      expect(await sortCopiesOf(id)).toHaveLength(COPIED_SORTS.length);
      expect(await upgradeUser(id)).toBe(false);
    }
    await markCurrentLayout();
    expect(await tableLayout()).toBe(LAYOUT_VERSION);
    await expectSortedAsTheUsers(true);
  }, 300_000);
});
