import { defineEntity } from './define.js';
import type { FieldSpec, ResourceDefinition } from './types.js';

export const USERGROUP_TYPES = ['A', 'C'] as const;
export const USERGROUP_STATUSES = ['A', 'H', 'D'] as const;
export const LINK_STATUSES = ['A', 'F', 'P', 'D'] as const;

export type UsergroupType = (typeof USERGROUP_TYPES)[number];
export type UsergroupStatus = (typeof USERGROUP_STATUSES)[number];
export type LinkStatus = (typeof LINK_STATUSES)[number];

// Literal, so a group's record types its `type` and `status` as their unions.
const typeField = {
  kind: 'enum',
  values: USERGROUP_TYPES,
  requiredOn: ['create', 'update'],
  writableOn: ['create', 'update'],
} as const satisfies FieldSpec;
const statusField = {
  kind: 'enum',
  values: USERGROUP_STATUSES,
  requiredOn: ['create', 'update'],
  writableOn: ['create', 'update'],
} as const satisfies FieldSpec;

/** SPEC §6. `privileges` is read-only over the API: it is set with the admin command line. */
export const usergroupsEntity = defineEntity({
  name: 'usergroups',
  schema: {
    idField: 'usergroup_id',
    fields: {
      usergroup_id: { kind: 'int', wire: 'number' },
      type: typeField,
      status: statusField,
      usergroup: { kind: 'string', maxLength: 255, writableOn: ['create', 'update'] },
      privileges: { kind: 'object', wire: 'raw', default: [], shownIn: 'single', optionalInAnswers: true },
    },
    filters: {
      type: { kind: 'enum', values: USERGROUP_TYPES },
      status: { kind: 'enum', values: USERGROUP_STATUSES },
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_usergroups'], write: ['manage_usergroups'] },
    collection: { shape: 'keyed' },
  },
  // Own storage (lib/db/usergroups.ts): members are found through gsi1.
  deployment: {
    domain: 'accounts',
    functions: {
      list: { access: ['Query'] },
      get: { access: ['GetItem'] },
      create: { access: ['UpdateItem', 'PutItem'] },
      update: { access: { table: ['GetItem', 'UpdateItem'], index: ['Query'] } },
      delete: { access: { table: ['GetItem', 'DeleteItem', 'BatchWriteItem'], index: ['Query'] } },
    },
  },
});

/** SPEC §7: `/users/:uid/usergroups[/:gid]`. Reading needs both view privileges; changing needs view_users + manage_usergroups. */
export const membershipsResource: ResourceDefinition = {
  name: 'usergroups',
  schema: {
    idField: 'usergroup_id',
    fields: {
      link_id: { kind: 'int', wire: 'number' },
      usergroup_id: { kind: 'int', wire: 'number' },
      status: { kind: 'enum', values: LINK_STATUSES, requiredOn: ['update'], writableOn: ['update'] },
    },
  },
  http: {
    operations: ['list', 'get', 'update', 'delete'],
    privileges: { read: ['view_users', 'view_usergroups'], write: ['view_users', 'manage_usergroups'] },
    collection: { shape: 'keyed' },
    // The seed's own resource: its id is a JSON integer (SPEC §3).
    answers: { create: { usergroup_id: 'integer' } },
  },
  docs: {
    answerSchemas: { update: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
  },
};
