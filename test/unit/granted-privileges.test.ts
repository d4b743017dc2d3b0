/**
 * A non-root administrator's privileges are read once per Caller object and never written into it
 * (lib/auth/granted-privileges.ts): a frozen caller works, a second request with the same (cached) caller reads
 * nothing, another caller reads its own, and a failed read is not kept.
 */
import { describe, expect, it } from 'vitest';
import { grantedPrivileges } from '../../lib/auth/granted-privileges.js';
import type { Caller } from '../../lib/entities/caller.js';

const admin = (userId: number): Caller =>
  Object.freeze({
    userId,
    email: `a${userId}@example.com`,
    userType: 'A',
    isRoot: false,
    companyId: 0,
    activeGroupIds: [2],
  });

describe('grantedPrivileges', () => {
  it('reads once per caller object, without changing the (frozen) caller', async () => {
    const caller = admin(1);
    let reads = 0;
    const read = async () => {
      reads += 1;
      return new Set(['view_catalog']);
    };
    expect(await grantedPrivileges(caller, read)).toEqual(new Set(['view_catalog']));
    expect(await grantedPrivileges(caller, read)).toEqual(new Set(['view_catalog']));
    expect(reads).toBe(1);
    expect(Object.keys(caller)).not.toContain('privileges');
    await grantedPrivileges(admin(1), read);
    expect(reads).toBe(2);
  });

  it('forgets a failed read, so the next request reads again', async () => {
    const caller = admin(2);
    await expect(grantedPrivileges(caller, () => Promise.reject(new Error('throttled')))).rejects.toThrow('throttled');
    expect(await grantedPrivileges(caller, async () => new Set(['manage_users']))).toEqual(new Set(['manage_users']));
  });

  it('uses privileges a caller was made with', async () => {
    const caller: Caller = { ...admin(3), privileges: Promise.resolve(new Set(['x'])) };
    expect(await grantedPrivileges(caller, () => Promise.reject(new Error('not read')))).toEqual(new Set(['x']));
  });
});
