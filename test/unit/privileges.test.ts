import { describe, expect, it } from 'vitest';
import { type GroupGrant, isKnownPrivilege, unionOfGrants } from '../../lib/auth/privileges.js';

describe('unionOfGrants (SPEC §5)', () => {
  it.each(['A', 'H'])('an administrator group with status %s grants its privileges', (status) => {
    // Prepare
    const groups: GroupGrant[] = [{ type: 'A', status, privileges: ['view_users', 'manage_users'] }];
    // Act
    const granted = unionOfGrants(groups);
    // Assess
    expect([...granted].sort()).toEqual(['manage_users', 'view_users']);
  });

  it('unites the privileges of several groups without duplicates', () => {
    // Prepare
    const groups: GroupGrant[] = [
      { type: 'A', status: 'A', privileges: ['view_users', 'view_usergroups'] },
      { type: 'A', status: 'H', privileges: ['view_users', 'manage_usergroups'] },
    ];
    // Act
    const granted = unionOfGrants(groups);
    // Assess
    expect([...granted].sort()).toEqual(['manage_usergroups', 'view_usergroups', 'view_users']);
  });

  it('a disabled (D) administrator group grants nothing', () => {
    // Prepare
    const groups: GroupGrant[] = [
      { type: 'A', status: 'D', privileges: ['manage_users'] },
      { type: 'A', status: 'A', privileges: ['view_users'] },
    ];
    // Act
    const granted = unionOfGrants(groups);
    // Assess
    expect([...granted]).toEqual(['view_users']);
  });

  it('a customer (C) group grants nothing, whatever privileges it carries', () => {
    // Prepare
    const groups: GroupGrant[] = [{ type: 'C', status: 'A', privileges: ['manage_usergroups'] }];
    // Act
    const granted = unionOfGrants(groups);
    // Assess
    expect(granted.size).toBe(0);
  });

  it('no groups, or groups without privileges, grant nothing', () => {
    // Act + Assess
    expect(unionOfGrants([]).size).toBe(0);
    expect(unionOfGrants([{ type: 'A', status: 'A' }]).size).toBe(0);
  });
});

describe('isKnownPrivilege', () => {
  it.each(['view_usergroups', 'manage_usergroups', 'view_users', 'manage_users', 'view_catalog', 'delete_orders'])(
    'knows %s',
    (name) => {
      // Act + Assess
      expect(isKnownPrivilege(name)).toBe(true);
    },
  );

  it.each(['', 'VIEW_USERS', 'view_user', 'superuser', 'toString', '__proto__'])('does not know %j', (name) => {
    // Act + Assess
    expect(isKnownPrivilege(name)).toBe(false);
  });
});
