/**
 * The least-privilege contract, written from the handlers' code paths and independently of
 * infra/function-table.cjs: the DynamoDB actions each function may take on the table and on its
 * index (gsi1), beyond what every function needs to authenticate — BatchGetItem of the login item,
 * the failed-login window and the caller's groups, and UpdateItem/PutItem/GetItem/DeleteItem confined
 * to THROTTLE# (failed logins), RATE# (per-user token buckets) and IDEMPOTENCY# (Idempotency-Keys) items. BatchGetItem is therefore left out here; every read of a page of records, of counts or of
 * features (lib/db/batch-get.ts) is covered by it.
 *
 * How the plain entities (lib/operations/crud.ts on lib/db/entity-store.ts and entity-list.ts) use
 * the table:
 * - list: Query of an index or sort partition (ids, COUNT), GetItem of the partition's count item;
 * - get: GetItem of the record;
 * - create: UpdateItem of the id counter (lib/db/counters.ts), then TransactWriteItems: Put of the
 *   record and its index/sort items, Update of the count items, ConditionCheck of each referenced
 *   record (only entities with `references`);
 * - update: GetItem, then TransactWriteItems: Put of the record, Delete/Put of changed index items,
 *   Update of counts, ConditionCheck of new references (only with `references`);
 * - delete: GetItem, then TransactWriteItems: Delete of the record and its index items, Update of
 *   counts, ConditionCheck of each dependant count (only entities with `dependents`). Never a Put.
 * Transactions need the item actions (PutItem, UpdateItem, DeleteItem, ConditionCheckItem).
 */

import { batchedOperations } from '../../lib/entities/methods.js';
import { ENTITIES } from '../../lib/entities/registry.js';
import type { Operation, StoredEntityDefinition } from '../../lib/entities/types.js';
import { type Access, access, GET, LIST } from './expected-access-base.js';
import { CATALOG_ACCESS, VARIATIONS_ACCESS } from './expected-access-catalog.js';
import { ORDERS_AND_CONTENT_ACCESS, WEBHOOKS_ACCESS } from './expected-access-orders-and-content.js';
import { STOREFRONT_ACCOUNT_ACCESS } from './expected-access-storefront-account.js';
import { STOREFRONT_CATALOGUE_ACCESS } from './expected-access-storefront-catalogue.js';

export type { Access };

/**
 * The contract of a plain entity that declares nothing beyond its stack (no `deployment.functions`, no nested
 * paths): its functions follow the rules above, read from its definition's `references` and `dependents`, so a
 * new plain entity needs no line here. The entities listed below by hand are checked by their own lines.
 */
function plainEntityAccess(): Record<string, Access> {
  const expected: Record<string, Access> = {};
  for (const entity of Object.values(ENTITIES)) {
    if (!('storage' in entity) || entity.nested || !entity.deployment || entity.deployment.functions) continue;
    const { references = [], dependents = [] } = (entity as StoredEntityDefinition).storage;
    const checkReferences = references.length > 0 ? ['ConditionCheckItem'] : [];
    const checkDependents = dependents.length > 0 ? ['ConditionCheckItem'] : [];
    const byOperation: Record<Operation, Access> = {
      list: LIST,
      get: GET,
      create: access(['PutItem', 'UpdateItem', ...checkReferences]),
      update: access(['DeleteItem', 'GetItem', 'PutItem', 'UpdateItem', ...checkReferences]),
      delete: access(['DeleteItem', 'GetItem', 'UpdateItem', ...checkDependents]),
    };
    for (const operation of entity.http.operations)
      expected[`${entity.name.replace(/_/g, '-')}-${operation}`] = byOperation[operation];
  }
  return expected;
}

export const EXPECTED_ACCESS: Record<string, Access> = {
  ...plainEntityAccess(),
  // functions/version: answers from the code.
  'version-get': access([]),

  // --- events (issue 20) ---
  // The pull feed (lib/events/feed-reader.ts over lib/db/feed-store.ts): Queries of the event store's day partitions.
  'events-list': access(['Query']),
  // --- end events ---

  // Users (lib/db/users.ts): list Queries the type/status buckets and the gsi1 index, or GetItems the
  // login and profile of an e-mail; create takes an id (UpdateItem) and Puts profile and login, Updates the
  // bucket counts and ConditionChecks the company, in one transaction; update Queries the user's partition,
  // re-Puts the profile and its list copies (Deletes the words gone), moves the login item (Delete + Put),
  // Updates counts, ConditionChecks a new company; delete Queries the user's
  // items and deletes them (BatchWriteItem).
  'users-list': access(['GetItem', 'Query'], ['Query']),
  'users-get': GET,
  'users-create': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'users-update': access(['ConditionCheckItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
  'users-delete': access(['BatchWriteItem', 'DeleteItem', 'Query', 'UpdateItem']),
  // Usergroups (lib/db/usergroups.ts): members are found through gsi1.
  'usergroups-list': access(['Query']),
  'usergroups-get': GET,
  'usergroups-create': access(['PutItem', 'UpdateItem']),
  'usergroups-update': access(['GetItem', 'UpdateItem'], ['Query']),
  'usergroups-delete': access(['BatchWriteItem', 'DeleteItem', 'GetItem'], ['Query']),
  // Memberships (lib/db/memberships.ts): user and group read by BatchGetItem; a status change Puts the
  // link, Updates the login's group list and ConditionChecks the group, in one transaction.
  'memberships-list': access(['Query']),
  'memberships-get': access([]),
  'memberships-update': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),
  'memberships-delete': access(['ConditionCheckItem', 'PutItem', 'UpdateItem']),

  // Each domain by hand: test/deploy/expected-access-catalog.ts, expected-access-orders-and-content.ts.
  ...CATALOG_ACCESS,
  ...ORDERS_AND_CONTENT_ACCESS,
  ...VARIATIONS_ACCESS,
  ...WEBHOOKS_ACCESS,
  ...STOREFRONT_ACCOUNT_ACCESS,
  ...STOREFRONT_CATALOGUE_ACCESS,
};

/**
 * Functions run on a schedule rather than a route (infra/function-table.cjs SCHEDULED). The webhook retry
 * runner (lib/webhooks/retry-runner.ts): the due deliveries are a Query of gsi1, each attempt the delivery's
 * claim and outcome (UpdateItem) and the webhook (GetItem), a failing endpoint's disabling the webhook
 * record's transaction (Put, index Delete/Put, count Update); the health item is read (GetItem) and updated.
 */
export const EXPECTED_SCHEDULED: Record<string, Access & { domain: string; schedule: string }> = {
  'webhooks-retry': {
    ...access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem'], ['Query']),
    domain: 'webhooks',
    schedule: 'rate(1 minute)',
  },
};

/**
 * Functions triggered by a queue (infra/function-table.cjs QUEUE_FUNCTIONS): the webhook delivery worker takes
 * due attempts from WebhookDeliveryQueue: the delivery's claim and outcome (UpdateItem), the webhook and the
 * health item (GetItem), a failing endpoint's disabling (the webhook record's transaction: Put, Delete, Query).
 */
export const EXPECTED_QUEUE_WORKERS: Record<string, Access & { domain: string; queue: string }> = {
  'webhooks-deliver': {
    ...access(['DeleteItem', 'GetItem', 'PutItem', 'Query', 'UpdateItem']),
    domain: 'events',
    queue: 'WebhookDeliveryQueue',
  },
};

/** Functions that queue webhook deliveries, and so are told the queue's URL (WEBHOOK_QUEUE_URL). */
export const QUEUE_SENDERS = ['events-consumer', 'webhooks-retry'];

/**
 * Functions that are not API operations, all in the core stack, with the methods and paths they serve.
 * The panel (lib/panel, lib/db/panel-sessions.ts): sessions are Put, read (GetItem) and Deleted; the
 * administrators list is lib/db/users.ts listUsers (Query of the table and of gsi1, GetItem); the API
 * key switch is a conditional PutItem of the login item (lib/db/login-credentials.ts). The public
 * documentation reads nothing. Each takes ANY on its paths and answers other methods itself.
 */
export const EXPECTED_OTHER: Record<string, Access & { routes: string[] }> = {
  panel: {
    ...access(['DeleteItem', 'GetItem', 'PutItem', 'Query'], ['Query']),
    routes: ['ANY admin', 'ANY admin/{proxy+}'],
  },
  'docs-openapi': { ...access([]), routes: ['ANY api/openapi.json', 'ANY api/2.0/openapi.json'] },
  'docs-page': { ...access([]), routes: ['ANY api/docs', 'ANY api/docs/{asset}'] },
};

/** The actions that change data (TransactWriteItems needs PutItem/UpdateItem/DeleteItem for its items). */
export const WRITE_ACTIONS = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'];

/** The union of the given functions' expected access: what a dispatcher calling them in-process needs. */
export function unionOf(names: string[]): Access {
  const pick = (key: keyof Access) => [...new Set(names.flatMap((name) => EXPECTED_ACCESS[name]?.[key] ?? []))].sort();
  return { table: pick('table'), index: pick('index') };
}

/**
 * A batch function (`POST /<entity>/batch`, functions/<entity>/batch.ts, lib/operations/batch.ts) runs its entity's
 * own create, update and delete handlers in-process, so it needs exactly their access together; products' upsert
 * adds the Query of its code lookup (lib/db/product-code-lookup.ts), which products-delete's Query covers.
 */
for (const entity of Object.values(ENTITIES)) {
  const operations = batchedOperations(entity);
  if (operations.length === 0) continue;
  const name = entity.name.replace(/_/g, '-');
  // The variation groups' functions are named `variation-groups-*` (lib/entities/product-variations.ts).
  const prefix = entity.name === 'product_variations_groups' ? 'variation-groups' : name;
  const parts = operations.map((operation) => `${prefix}-${operation}`);
  const missing = parts.filter((part) => !EXPECTED_ACCESS[part]);
  if (missing.length > 0) throw new Error(`${name}-batch: no expected access for ${missing.join(', ')}`);
  const union = unionOf(parts);
  EXPECTED_ACCESS[`${name}-batch`] =
    name === 'products' ? access([...new Set([...union.table, 'Query'])], union.index) : union;
}
