/**
 * The account operations (lib/operations/accounts/) over a store of the test's own: the rules they judge before
 * storage — a reserved group, a customer group turning administrator, the list filters, a user's company name —
 * proven without a database, and what each asks of the store.
 */
import { describe, expect, it } from 'vitest';
import type { UsergroupRecord, UserRecord } from '../../lib/db/records.js';
import type { Caller } from '../../lib/entities/caller.js';
import type { ApiRequest } from '../../lib/http/operation.js';
import type { AccountStore } from '../../lib/operations/accounts/store.js';
import { listUsergroupsOf, updateUsergroupOf } from '../../lib/operations/accounts/usergroups.js';
import { getUserOf } from '../../lib/operations/accounts/users.js';

const root: Caller = {
  userId: 1,
  email: 'root@example.com',
  userType: 'A',
  isRoot: true,
  companyId: 0,
  activeGroupIds: [],
};

const group = (id: number, type: 'A' | 'C', status: 'A' | 'H' | 'D'): UsergroupRecord =>
  ({ usergroup_id: id, type, status, usergroup: `Group ${id}`, privileges: [], version: 1 }) as UsergroupRecord;

/** Only what a test names; any other call fails the test, so an operation cannot reach storage unseen. */
function storeWith(parts: Partial<AccountStore>): AccountStore & { calls: string[] } {
  const calls: string[] = [];
  return new Proxy({ calls } as AccountStore & { calls: string[] }, {
    get(_target, name: string) {
      if (name === 'calls') return calls;
      const method = parts[name as keyof AccountStore] as ((...args: unknown[]) => unknown) | undefined;
      if (!method) throw new Error(`the operation asked the store for ${name}`);
      return (...args: unknown[]) => {
        calls.push(name);
        return method(...args);
      };
    },
  });
}

const request = (parts: Record<string, unknown>) =>
  ({ caller: root, headers: {}, query: {}, ...parts }) as unknown as ApiRequest;

describe('the usergroup operations over a store of their own', () => {
  it('lists the groups the filters name, keyed by id', async () => {
    const store = storeWith({
      listUsergroups: async () => [group(3, 'C', 'A'), group(4, 'A', 'A'), group(5, 'C', 'H')],
    });
    const answer = await listUsergroupsOf(store)(request({ query: { type: 'C', status: 'A' } }));
    expect(Object.keys(answer.body as Record<string, unknown>)).toEqual(['3']);
    expect(store.calls).toEqual(['listUsergroups']);
  });

  it('refuses a customer group with customer members becoming an administrator group, writing nothing', async () => {
    const store = storeWith({
      usergroup: async () => group(7, 'C', 'A'),
      hasCustomerMembers: async () => true,
      updateUsergroup: async () => true,
    });
    const update = updateUsergroupOf(store)(
      request({ route: { id: '7' }, body: { type: 'A', status: 'A', usergroup: 'Staff' } }),
    );
    await expect(update).rejects.toThrow('A group with customer members cannot become an administrator group');
    expect(store.calls).toEqual(['usergroup', 'hasCustomerMembers']);
  });

  it('refuses the reserved groups before asking anything more of the store', async () => {
    const store = storeWith({ usergroup: async () => group(1, 'C', 'A') });
    const update = updateUsergroupOf(store)(request({ route: { id: '1' }, body: { type: 'C', status: 'A' } }));
    await expect(update).rejects.toThrow('is reserved and cannot be modified');
    expect(store.calls).toEqual(['usergroup']);
  });
});

describe('the user operations over a store of their own', () => {
  it("shows a user with its company's name, read in one call", async () => {
    const user = {
      user_id: 9,
      user_type: 'V',
      status: 'A',
      email: 'v@example.com',
      firstname: 'Vera',
      lastname: 'Vendor',
      company_id: 4,
      phone: '',
      is_root: 'N',
      version: 1,
    } as unknown as UserRecord;
    const asked: number[][] = [];
    const store = storeWith({
      user: async () => user,
      companyNames: async (ids) => {
        asked.push([...ids]);
        return new Map([[4, 'Acme']]);
      },
    });
    const answer = await getUserOf(store)(request({ route: { id: '9' } }));
    const shown = answer.body as Record<string, unknown>;
    expect(shown).toMatchObject({ user_id: '9', company_id: '4', company_name: 'Acme', user_login: 'user_9' });
    expect(asked).toEqual([[4]]);
  });

  it('answers 404 for an unknown user without asking for any company', async () => {
    const store = storeWith({ user: async () => undefined });
    await expect(getUserOf(store)(request({ route: { id: '404' } }))).rejects.toThrow('The User not found');
    expect(store.calls).toEqual(['user']);
  });
});
