import { defineEntity } from './define.js';

/**
 * Storefront sign-in (CS-Cart's `AuthTokens`, the recording's #350–#355): `POST /auth_tokens {"email",
 * "password"}` answers a token a storefront then sends as `Authorization: Basic base64(<token>:)`
 * (lib/operations/auth-tokens.ts). It needs no Authorization header (`openOperations`): the body holds the
 * credentials. CS-Cart's privileges for GET, PUT and DELETE are `false`: a 403 for everyone.
 * `email` is plain text here, not checked as an address: a malformed one is simply wrong credentials (404).
 */
export const authTokensEntity = defineEntity({
  name: 'auth_tokens',
  schema: {
    fields: {
      email: { kind: 'string', maxLength: 254, writableOn: ['create'], requiredOn: ['create'] },
      password: { kind: 'string', maxLength: 4096, writableOn: ['create'], requiredOn: ['create'] },
    },
  },
  http: {
    operations: ['create'],
    deniedOperations: ['list', 'get', 'update', 'delete'],
    openOperations: ['create'],
    privileges: 'none',
    storefrontAccess: 'anyone',
  },
  docs: {
    answerSchemas: {
      create: {
        type: 'object',
        properties: {
          token: {
            type: 'string',
            pattern: '^[0-9a-f]{32}$',
            description: 'Send it as the Basic login with an empty password: `Authorization: Basic base64(<token>:)`.',
          },
          ttl: { type: 'integer', description: 'Seconds the token lives: 604800 (a week).' },
        },
        required: ['token', 'ttl'],
      },
    },
  },
  // The login item (GetItem), the failed-sign-in window (GetItem, and UpdateItem/PutItem of a failure), the token (PutItem).
  deployment: { domain: 'accounts', functions: { create: { access: ['GetItem', 'PutItem', 'UpdateItem'] } } },
});

/**
 * The same sign-in at the path CS-Cart's storefront add-on, its mobile apps and the public storefront SDKs use:
 * `POST /api/4.0/sra_auth_tokens` (SPEC §4; every path form answers alike). Its own function, as every entity
 * has, running the same operation on the same fields.
 */
export const sraAuthTokensEntity = defineEntity({ ...authTokensEntity, name: 'sra_auth_tokens' });
