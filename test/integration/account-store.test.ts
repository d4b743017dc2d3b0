/**
 * The accounts' own aggregate on a table of its own (lib/operations/accounts/store.ts accountStoreOn over
 * lib/db/table-context.ts tableContextOf): the account operations, handed a store over a table of the test's own,
 * create a usergroup and a customer, read the customer, put them in the group (the link, the login item's active
 * groups and the group's members_rev in one transaction), list the users (by bucket, by name's postings, by a sort's
 * copies, by e-mail), change and delete them — their ids from the table's own sequences — and not one command reaches
 * this instance's table: its client refuses every call meanwhile.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient, setDocumentClientForTests } from '../../lib/db/client.js';
import { tableContextOf } from '../../lib/db/table-context.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import type { Route } from '../../lib/http/route.js';
import { getMembershipOf, updateMembershipOf } from '../../lib/operations/accounts/memberships.js';
import { accountStoreOn } from '../../lib/operations/accounts/store.js';
import { createUsergroupOf, getUsergroupOf } from '../../lib/operations/accounts/usergroups.js';
import {
  createUserOf,
  deleteUserOf,
  getUserOf,
  listUsersOf,
  updateUserOf,
} from '../../lib/operations/accounts/users.js';
import { uid } from '../support/fixtures.js';
import { noting, rootCallerOf } from '../support/own-table.js';
import { createTableOfItsOwn } from '../support/table-of-its-own.js';

// A root administrator who is not one of the table's users (its first user is id 1).
const root = rootCallerOf(999);

const request = (
  method: string,
  options: { id?: number; nestedId?: number; body?: Record<string, unknown>; query?: Record<string, string> } = {},
): ApiRequest => ({
  method,
  version: '2.0',
  route: {
    id: options.id === undefined ? undefined : String(options.id),
    nestedId: options.nestedId === undefined ? undefined : String(options.nestedId),
  } as Route,
  query: options.query ?? {},
  caller: root,
  body: options.body,
});

describe('the account store over a table of its own', () => {
  it('creates, reads, links, updates and deletes there, and never reaches the instance table', async () => {
    const tableName = `store-api-accounts-${uid()}`.slice(0, 60);
    await createTableOfItsOwn(new DynamoDBClient({}), tableName);
    const sent: string[] = [];
    const store = accountStoreOn(tableContextOf({ client: noting(createDocumentClient(), sent), tableName }));
    const instanceCalls: string[] = [];
    setDocumentClientForTests({
      send: (command: object) => {
        instanceCalls.push(command.constructor.name);
        return Promise.reject(new Error('the instance table was reached'));
      },
    } as unknown as DynamoDBDocumentClient);
    try {
      const group = await createUsergroupOf(store)(
        request('POST', { body: { usergroup: 'Wholesale', type: 'C', status: 'A' } }),
      );
      expect(group.status).toBe(201);
      const groupId = Number((group.body as { usergroup_id: number }).usergroup_id);
      // The table's own usergroup sequence: the first id after the two reserved groups.
      expect(groupId).toBe(3);
      expect((await getUsergroupOf(store)(request('GET', { id: groupId }))).body).toMatchObject({
        usergroup: 'Wholesale',
        type: 'C',
      });

      const user = await createUserOf(store)(
        request('POST', {
          body: { email: 'own-table@example.com', user_type: 'C', firstname: 'Own', lastname: 'Table', status: 'A' },
        }),
      );
      expect(user.status).toBe(201);
      const userId = Number((user.body as { user_id: number }).user_id);
      expect(userId).toBe(1);

      const linked = await updateMembershipOf(store)(
        request('PUT', { id: userId, nestedId: groupId, body: { status: 'A' } }),
      );
      expect(linked.status).toBe(200);
      const link = await getMembershipOf(store)(request('GET', { id: userId, nestedId: groupId }));
      // The table's own link sequence numbered it.
      expect(link.body).toMatchObject({ link_id: 1, usergroup_id: groupId, status: 'A' });

      // Each way the list is answered (lib/db/user-list.ts), on the store's table and by its layout.
      const listed = async (query: Record<string, string>) => {
        const answer = await listUsersOf(store)(request('GET', { query }));
        const { users, params } = answer.body as { users: Record<string, { email: string }>; params: object };
        return {
          emails: Object.values(users).map((u) => u.email),
          total: (params as { total_items: number }).total_items,
        };
      };
      const only = { emails: ['own-table@example.com'], total: 1 };
      expect(await listed({})).toEqual(only);
      expect(await listed({ name: 'own' })).toEqual(only);
      expect(await listed({ sort_by: 'email' })).toEqual(only);
      expect(await listed({ email: 'OWN-table@example.com' })).toEqual(only);
      expect(await listed({ name: 'nobody' })).toEqual({ emails: [], total: 0 });

      const updated = await updateUserOf(store)(request('PUT', { id: userId, body: { firstname: 'Changed' } }));
      expect(updated.status).toBe(200);
      const got = await getUserOf(store)(request('GET', { id: userId }));
      expect(got.body).toMatchObject({ firstname: 'Changed', email: 'own-table@example.com' });

      expect((await deleteUserOf(store)(request('DELETE', { id: userId }))).status).toBe(204);
      expect(await store.user(userId)).toBeUndefined();
      expect((await store.userWithLinks(userId)).links).toEqual([]);
    } finally {
      setDocumentClientForTests(undefined);
    }
    expect(instanceCalls).toEqual([]);
    expect(sent.length).toBeGreaterThan(8);
    expect(new Set(sent)).toEqual(new Set([tableName]));
  });
});
