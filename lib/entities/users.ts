import { membershipsResource } from './usergroups.js';
import type { EntityDefinition } from './types.js';

export const USER_TYPES = ['A', 'C', 'V'] as const;
export const USER_STATUSES = ['A', 'D'] as const;
export type UserType = (typeof USER_TYPES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * SPEC §8. `is_root` and the API key are never writable through the API;
 * `user_type` is set on creation only (a different value on PUT is a 400, see the update operation).
 */
export const usersEntity: EntityDefinition = {
  name: 'users',
  idField: 'user_id',
  operations: ['list', 'get', 'create', 'update', 'delete'],
  privileges: { read: ['view_users'], write: ['manage_users'] },
  fields: {
    user_id: { kind: 'int', wire: 'number' },
    email: { kind: 'email', maxLength: 128, requiredOn: ['create'], writableOn: ['create', 'update'] },
    user_type: { kind: 'enum', values: USER_TYPES, requiredOn: ['create'], writableOn: ['create', 'update'] },
    status: { kind: 'enum', values: USER_STATUSES, writableOn: ['create', 'update'] },
    firstname: { kind: 'string', maxLength: 128, writableOn: ['create', 'update'] },
    lastname: { kind: 'string', maxLength: 128, writableOn: ['create', 'update'] },
    company_id: { kind: 'int', writableOn: ['create', 'update'], wire: 'number' },
    is_root: { kind: 'enum', values: ['Y', 'N'] },
    timestamp: { kind: 'int', wire: 'number' },
  },
  filters: {
    user_type: { kind: 'enum', values: USER_TYPES },
    status: { kind: 'enum', values: USER_STATUSES },
    email: { kind: 'email', maxLength: 128 },
  },
  nested: { usergroups: membershipsResource },
};
