import { defineEntity } from './define.js';

/**
 * Auth (the recording's `auth`): a login-link generator. `POST /auth` with a customer's `email` answers a
 * one-time, expiring login key and the storefront link that uses it (lib/operations/auth.ts). CS-Cart's
 * privileges for GET, PUT and DELETE are `false`, so those are a 403 for everyone, root included
 * (`deniedOperations`), not a 405. Vendors: 403.
 */
export const authEntity = defineEntity({
  name: 'auth',
  schema: {
    fields: {
      email: { kind: 'email', maxLength: 128, writableOn: ['create'], requiredOn: ['create'] },
      redirect_url: { kind: 'string', maxLength: 1024, writableOn: ['create'] },
    },
  },
  http: {
    operations: ['create'],
    deniedOperations: ['list', 'get', 'update', 'delete'],
    privileges: { read: ['manage_users'], write: ['manage_users'] },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email', maxLength: 128 },
          redirect_url: {
            type: 'string',
            maxLength: 1024,
            description: 'A path or URL on the storefront to land on after the login.',
          },
          notify: {
            oneOf: [{ type: 'boolean' }, { type: 'string', enum: ['Y', 'N', '1', '0', 'true', 'false', ''] }],
            description: 'Only false: this store sends no e-mail, so notify true is a 400.',
          },
        },
        required: ['email'],
        description: 'Keys not listed here are ignored.',
      },
    },
    answerSchemas: {
      create: {
        type: 'object',
        properties: {
          key: { type: 'string', pattern: '^[A-Za-z0-9]{32}$' },
          link: {
            type: 'string',
            description: '<storefront URL>?dispatch=auth.ekey_login&ekey=<key>[&redirect_url=…]',
          },
        },
        required: ['key', 'link'],
      },
    },
  },
  // The user by e-mail (GetItem of the login and the profile), then a conditional PutItem of the key's hash.
  deployment: { domain: 'accounts', functions: { create: { access: ['GetItem', 'PutItem'] } } },
});
