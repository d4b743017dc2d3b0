import { defineEntity } from './define.js';
import type { CreateInputOf, FiltersOf, WriteValuesOf } from './record-types.js';
import type { FieldSpec } from './types.js';
import { membershipsResource } from './usergroups.js';

export const USER_TYPES = ['A', 'C', 'V'] as const;
export const USER_STATUSES = ['A', 'D'] as const;
export type UserType = (typeof USER_TYPES)[number];
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * `sort_by` values of GET /users: `id` (the default, SPEC §3) and the recording's
 * `username, email, name, date, type, status, phone, last_login`. Anything else falls back to `id`.
 */
export const USER_SORTS = ['id', 'username', 'email', 'name', 'date', 'type', 'status', 'phone', 'last_login'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** A field a body sets on create and on update; its spec stays literal, so `UserWrite` types its value. */
const writable = <const S extends FieldSpec>(spec: S) => ({ ...spec, writableOn: ['create', 'update'] as const });

/** The users' fields, kept literal so the values a body gives them are typed (`UserWrite`, `UserCreate`). */
const USER_FIELDS = {
  user_id: { kind: 'int' },
  email: writable({ kind: 'email', maxLength: 128, requiredOn: ['create'] }),
  user_type: writable({ kind: 'enum', values: USER_TYPES, requiredOn: ['create'] }),
  status: writable({ kind: 'enum', values: USER_STATUSES }),
  firstname: writable({ kind: 'string', maxLength: 128 }),
  lastname: writable({ kind: 'string', maxLength: 128 }),
  /** Free text of the user's profile; when never set, answers show the company's name. */
  company: writable({ kind: 'string', maxLength: 255 }),
  company_id: writable({ kind: 'int' }),
  phone: writable({ kind: 'string', maxLength: 128 }),
  /** The storefront password (8 to 1024 characters); write-only. */
  password: { kind: 'string', maxLength: 1024, writableOn: ['create', 'update'], shownIn: 'none' },
  is_root: { kind: 'enum', values: ['Y', 'N'] },
  user_login: { kind: 'string' },
  timestamp: { kind: 'int' },
  last_login: { kind: 'int', default: 0 },
  company_name: { kind: 'string', default: '' },
  points: { kind: 'int', default: 0 },
  anonymized: { kind: 'object', wire: 'raw', default: null },
} as const satisfies Readonly<Record<string, FieldSpec>>;

/** A write's body fields as lib/entities/validate.ts readBodyFields normalises them (lib/entities/record-types.ts). */
export type UserWrite = WriteValuesOf<{ schema: { fields: typeof USER_FIELDS } }>;
/** A create's: `email` and `user_type` required. */
export type UserCreate = UserWrite & CreateInputOf<{ schema: { fields: typeof USER_FIELDS } }>;

/** GET /users' filters, kept literal so their parsed values are typed (`UserQuery`). */
const USER_FILTERS = {
  user_type: { kind: 'enum', values: USER_TYPES },
  status: { kind: 'enum', values: USER_STATUSES },
  email: { kind: 'email', maxLength: 128 },
  user_id: { kind: 'int' },
  user_ids: { kind: 'intList' },
  user_login: { kind: 'string', maxLength: 128 },
  name: { kind: 'string', maxLength: 257 },
  phone: { kind: 'string', maxLength: 128 },
  company_id: { kind: 'int' },
  is_root: { kind: 'enum', values: ['Y', 'N'] },
} as const satisfies Readonly<Record<string, FieldSpec>>;

/**
 * The filters as lib/entities/validate.ts readFilters parses them (lib/entities/record-types.ts `FiltersOf`): `user_id`
 * a number, `user_ids` numbers, `user_type` and `status` their unions.
 */
export type UserQuery = FiltersOf<typeof usersEntity>;

/**
 * The user (SPEC §8, the recording's `users` row, SPEC §10 wire types: every value a JSON string
 * except `anonymized`, null). `is_root` and the API key are never writable through the API;
 * `user_type` is set on creation only (a different value on PUT is a 400, see the update
 * operation); `password` is taken on POST and PUT (the storefront sign-in, POST /auth_tokens), stored only as
 * its slow hash on the login item (lib/operations/user-passwords.ts), and never shown.
 *
 * The fields are listed in validation order (a POST missing both names `email` first, as the
 * recording checks email, then user_type); answers show them in the recording's order, USER_WIRE_ORDER.
 *
 * Read-only and computed at read time: `user_login` (`user_<id>`, as CS-Cart names a user created
 * without a login), `company_name` (the name of the company `company_id` names, "" when there is
 * none), `last_login` and `points` ("0": the API has no sessions and no reward points), `anonymized` (null).
 */
export const usersEntity = defineEntity({
  name: 'users',
  schema: {
    idField: 'user_id',
    fields: USER_FIELDS,
    filters: USER_FILTERS,
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_users'], write: ['manage_users'] },
    // The recording's types: POST `{"user_id":4,"profile_id":"3"}`, PUT `{"user_id":"4","profile_id":"3"}`.
    answers: {
      create: { user_id: 'integer', profile_id: 'string' },
      update: { user_id: 'string', profile_id: 'string' },
    },
  },
  docs: {
    sortKeys: USER_SORTS,
  },
  nested: { usergroups: membershipsResource },
  // Users keep their own storage (lib/db/users.ts): list Queries the type/status buckets and the gsi1 index or
  // reads an e-mail's login; create takes an id and Puts profile, login and list copies with the company
  // ConditionChecked; update Queries the user's partition (profile and copies), moves the login item and
  // the copies; delete Queries the user's items and deletes them. Memberships
  // (lib/db/memberships.ts): a status change Puts the link, Updates the login's groups, ConditionChecks the group.
  deployment: {
    domain: 'accounts',
    functions: {
      list: { access: { table: ['Query', 'GetItem'], index: ['Query'] } },
      get: { access: ['GetItem'] },
      create: { access: ['UpdateItem', 'PutItem', 'ConditionCheckItem'] },
      update: { access: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem', 'ConditionCheckItem'] },
      delete: { access: ['Query', 'DeleteItem', 'UpdateItem', 'BatchWriteItem'] },
      'usergroups.list': { name: 'memberships-list', handler: 'functions/memberships/list', access: ['Query'] },
      'usergroups.get': { name: 'memberships-get', handler: 'functions/memberships/get', access: [] },
      'usergroups.update': {
        name: 'memberships-update',
        handler: 'functions/memberships/update',
        access: ['UpdateItem', 'PutItem', 'ConditionCheckItem'],
      },
      'usergroups.delete': {
        name: 'memberships-delete',
        handler: 'functions/memberships/delete',
        access: ['UpdateItem', 'PutItem', 'ConditionCheckItem'],
      },
    },
  },
});

/** The fields of GET answers, in the recording's order (list rows and single objects alike). */
export const USER_WIRE_ORDER = [
  'user_id',
  'user_login',
  'is_root',
  'timestamp',
  'user_type',
  'status',
  'firstname',
  'lastname',
  'email',
  'company',
  'company_id',
  'phone',
  'last_login',
  'company_name',
  'points',
  'anonymized',
] as const;

/** The users' fields in the order answers show them (`password`, never shown, left out), kept literal for the presenters. */
export type UserWireFields = { [K in (typeof USER_WIRE_ORDER)[number]]: (typeof USER_FIELDS)[K] };
// Object.fromEntries types its keys as any string: the map builds exactly UserWireFields, key by key.
export const USER_WIRE_FIELDS = Object.fromEntries(
  USER_WIRE_ORDER.map((field) => [field, USER_FIELDS[field]]),
) as UserWireFields;
