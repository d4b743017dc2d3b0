/**
 * A table written before the users' list copies existed (docs/data-model.md "Users at scale") answers every
 * users list the same before, during and after upgradeUserIndex: with the copies and the company counts of a
 * few users taken away and the ready marker gone, the lists read the all-users buckets as the first layout did;
 * the upgrade gives them their copies back (once: a second run does nothing) and the answers stay the same.
 */

import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { config } from '../../lib/config.js';
import { db } from '../../lib/db/client.js';
import { readItem } from '../../lib/db/items.js';
import { upgradeUserIndex } from '../../lib/db/migrations/layout-02a-users-index.js';
import { raiseLayoutMarker, setLayoutMarker } from '../../lib/db/migrations/markers.js';
import { queryAll } from '../../lib/db/query.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { isIndexItem } from '../../lib/db/user-index.js';
import { isUserIndexReady } from '../../lib/db/user-index-ready.js';
import { SHARDS, userKeys } from '../../lib/db/user-keys.js';
import { listUsers, type UserListQuery } from '../../lib/db/user-list.js';
import { bucketCounts, createUser } from '../../lib/db/users.js';
import { storedCompanies } from '../support/stored-companies.js';
import { onOwnTable } from '../support/table-of-its-own.js';

const remove = (key: { pk: string; sk: string }) =>
  db().send(new DeleteCommand({ TableName: config().tableName, Key: key }));

// It plays a table on layout 2 part of the way: on a table of its own (./layout-migration-fixtures.ts).
onOwnTable('users-index');

describe('users of the first layout: lists answer the same before, during and after the upgrade', () => {
  it('company_id, name and phone lists, pages and totals are unchanged', async () => {
    const tag = `u${Date.now().toString(36)}`;
    const [companyId] = (await storedCompanies([`Upgrade ${tag}`])) as [number];
    const names = [
      ['Ada', 'Lovelace'],
      ['Alan', 'Turing'],
      ['Grace', 'Hopper'],
    ] as const;
    const ids: number[] = [];
    for (const [i, [firstname, lastname]] of names.entries()) {
      const user = await createUser(
        {
          email: `${tag}-${i}@upgrade.example.com`,
          user_type: 'C',
          status: i === 1 ? 'D' : 'A',
          firstname,
          lastname: `${lastname} ${tag}`,
          phone: `+49 30 ${i}${tag.length}`,
          company_id: companyId,
          is_root: 'N',
        },
        undefined,
        defaultTableContext(),
      );
      ids.push(user.user_id);
    }
    const queries: Array<Partial<UserListQuery>> = [
      { company_id: companyId },
      { company_id: companyId, itemsPerPage: 2, page: 2 },
      { company_id: companyId, status: 'A' },
      { company_id: companyId, sortBy: 'type', descending: true },
      { name: tag },
      { name: `grace ${tag}` },
      { phone: '+49 30', company_id: companyId },
    ];
    const answers = () =>
      Promise.all(
        queries.map((q) =>
          listUsers({ sortBy: 'id', descending: false, page: 1, itemsPerPage: 10, ...q }, defaultTableContext()).then(
            (a) => ({
              ids: a.users.map((u) => u.user_id),
              total: a.total,
            }),
          ),
        ),
      );
    const before = await answers();
    expect(before[0]).toEqual({ ids, total: 3 });
    expect(before[1]).toEqual({ ids: [ids[2]], total: 3 });
    expect(before[5]).toEqual({ ids: [ids[2]], total: 1 });

    // The first layout: no copies, no company counts, no marker.
    for (const id of ids) {
      const items = await queryAll({
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${id}` },
        ConsistentRead: true,
      });
      for (const item of items.filter((i) => isIndexItem(String(i.sk))))
        await remove({ pk: String(item.pk), sk: String(item.sk) });
    }
    for (const shard of SHARDS)
      for (const sk of ['C#A', 'C#D']) await remove({ pk: userKeys.statsPartition({ company: companyId }, shard), sk });
    await remove(userKeys.indexReady);
    await setLayoutMarker(2);
    expect(await isUserIndexReady(defaultTableContext())).toBe(false);
    expect(await answers()).toEqual(before);

    expect(await upgradeUserIndex(1_000)).toBe(3);
    expect(await upgradeUserIndex(1_000)).toBe(0);
    expect(await readItem(userKeys.indexReady)).toBeDefined();
    // The copies are read once the runner raises the layout marker past 2 (layout 3's migration runs next).
    expect(await isUserIndexReady(defaultTableContext())).toBe(false);
    expect(await answers()).toEqual(before);
    await raiseLayoutMarker(3);
    expect(await isUserIndexReady(defaultTableContext())).toBe(true);
    const counts = await bucketCounts({ company: companyId }, defaultTableContext());
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(3);
    expect(await answers()).toEqual(before);
  });
});
