import { defineEntity } from './define.js';
import type { FieldSpec } from './types.js';
import { USER_WIRE_FIELDS, type UserWireFields } from './users.js';

const text = (description: string, maxLength = 128) => ({ type: 'string', maxLength, description });

/** What a shopper writes of their profile (lib/operations/storefront-account/profile.ts): the form's fields. */
const PROFILE_BODY = {
  email: { type: 'string', format: 'email', maxLength: 128, description: 'The e-mail the customer signs in with.' },
  password1: text('The password (8 to 1024 characters); on PUT, a new one ends every older token.', 1024),
  password2: text('The password again: must equal password1.', 1024),
  password: text('The password alone, instead of password1 and password2.', 1024),
  firstname: text('First name.'),
  lastname: text('Last name.'),
  company: text('Company (free text).', 255),
  phone: text('Phone.'),
};

const AUTH = {
  type: 'object',
  properties: {
    token: {
      type: 'string',
      pattern: '^[0-9a-f]{32}$',
      description: 'Sent as `Authorization: Basic base64(<token>:)`.',
    },
    ttl: { type: 'integer', description: 'Seconds the token lives: 604800 (a week).' },
  },
  required: ['token', 'ttl'],
};

/** The user's fields as GET /users/:id shows them, in its order; read-only here (a shopper writes the form's). */
type ShownUserFields = {
  [K in keyof UserWireFields]: Omit<UserWireFields[K], 'writableOn'> & { writableOn: undefined };
};
// Object.fromEntries types its keys as any string: the map builds exactly ShownUserFields, key by key.
const SHOWN_USER_FIELDS = Object.fromEntries(
  Object.entries(USER_WIRE_FIELDS).map(([field, spec]) => [field, { ...spec, writableOn: undefined }]),
) as ShownUserFields;

/**
 * The shopper's own profile (CS-Cart's `storefront_rest_api` `SraProfile`, at `/api/4.0/sra_profile[/:id]`): POST
 * registers a customer — a guest with the Storefront-Api-Access-Key may (`storefrontGuestOperations`) — through the
 * users entity's create path and signs them in (`auth`); GET and PUT always mean the signed-in caller's own
 * profile, whatever numeric id the path carries (CS-Cart's apps send `/sra_profile/1`); DELETE is a 405, as in
 * CS-Cart. Its answers show the user as GET /users/:id does, plus `fields`, the profile form with its values
 * (lib/operations/storefront-account/profile.ts, profile-fields.ts).
 */
export const sraProfileEntity = defineEntity({
  name: 'sra_profile',
  schema: {
    idField: 'user_id',
    fields: {
      ...SHOWN_USER_FIELDS,
      fields: {
        kind: 'object',
        wire: 'raw',
        default: {},
        note: "The profile form (as GET /sra_profile_fields answers it) with each field's `value`.",
      } satisfies FieldSpec,
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update'],
    collectionWrites: ['update'],
    privileges: 'none',
    storefrontAccess: 'customer',
    storefrontGuestOperations: ['create'],
    collection: { shape: 'object' },
    answers: {
      create: { user_id: 'integer', profile_id: 'string' },
      update: { user_id: 'string', profile_id: 'string' },
    },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        properties: PROFILE_BODY,
        required: ['email', 'password1', 'password2'],
        description: 'Other keys are ignored: a shopper never sets user_type, status, company_id or is_root.',
      },
      update: {
        type: 'object',
        properties: PROFILE_BODY,
        description: 'Only the fields sent change; other keys are ignored.',
      },
    },
    answerSchemas: {
      create: {
        type: 'object',
        properties: { user_id: { type: 'integer' }, profile_id: { type: 'string', pattern: '^[0-9]+$' }, auth: AUTH },
        required: ['user_id', 'profile_id', 'auth'],
      },
      update: {
        type: 'object',
        properties: {
          user_id: { type: 'string', pattern: '^[0-9]+$' },
          profile_id: { type: 'string', pattern: '^[0-9]+$' },
          auth: { ...AUTH, description: 'Only after a new password: the token to go on with (the older ones ended).' },
        },
        required: ['user_id', 'profile_id'],
      },
    },
  },
  // The user (GetItem of the profile, BatchGetItem of its company), the users' create and update transactions, the
  // login item's password (PutItem), the token (PutItem), the first store of an Ultimate registration (Query).
  deployment: {
    domain: 'shoppers',
    functions: {
      list: { access: ['GetItem'] },
      get: { access: ['GetItem'] },
      create: { access: ['GetItem', 'UpdateItem', 'PutItem', 'ConditionCheckItem', 'Query'] },
      update: { access: ['GetItem', 'Query', 'PutItem', 'DeleteItem', 'UpdateItem', 'ConditionCheckItem'] },
    },
  },
});
