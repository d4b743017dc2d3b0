import { type Access, access, GET } from './expected-access-base.js';

/**
 * The shopper's account (lib/operations/storefront-account/), written from its code paths. Registration
 * (sra-profile-create) is the users' create (id counter UpdateItem; Puts of profile and login, count Updates, the
 * company's ConditionCheck in one transaction), the first store of an Ultimate store (Query of the company list and
 * GetItem of its count) and the new token (PutItem); the own profile's update is the users' update plus the login's
 * new password (GetItem, PutItem) and a token. The wish list is one document (lib/db/user-documents.ts: GetItem,
 * conditional PutItem or DeleteItem); the unviewed notifications answer from the code; a device subscription is read
 * (GetItem), numbered (UpdateItem) and written with its device item (Puts in one transaction), deleted likewise.
 * The products a wish list shows are one BatchGetItem.
 */
export const STOREFRONT_ACCOUNT_ACCESS: Record<string, Access> = {
  'sra-profile-list': GET,
  'sra-profile-get': GET,
  'sra-profile-create': access(['ConditionCheckItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'sra-profile-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'sra-profile-fields-list': access([]),
  'sra-wish-list-list': GET,
  'sra-wish-list-create': access(['GetItem', 'PutItem']),
  'sra-wish-list-delete': access(['DeleteItem', 'GetItem', 'PutItem']),
  'sra-notifications-create': access(['GetItem', 'PutItem', 'UpdateItem']),
  'sra-notifications-delete': access(['DeleteItem', 'GetItem']),
  'sra-unviewed-notifications-list': access([]),
  'sra-unviewed-notifications-get': access([]),
};
