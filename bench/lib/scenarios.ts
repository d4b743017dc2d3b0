import { blocksEntity } from '../../lib/entities/blocks.js';
import { languagesEntity } from '../../lib/entities/languages.js';
import { ordersEntity } from '../../lib/entities/orders.js';
import { languageHooks } from '../../lib/operations/languages.js';
import type { LambdaHandler } from '../../lib/stack/api-handler.js';
import { orderBody } from './catalog.js';
import type { RequestSpec } from './events.js';
import type { RecordedCall } from './round-trips.js';
import { deleteCreated, deleteCreatedGroups, restoreLink } from './scenario-cleanup.js';
import { disposableGroups, everyMember, languageCodes, putDisposableGroup } from './scenario-fixtures.js';
import { langvarPath, member, membershipPath, objectPath, usergroupPath } from './scenario-paths.js';
import { BENCH_LANGVAR, type Caller, type World } from './world.js';

/**
 * One measured endpoint: the handler module (the Lambda's own entry point), the request, and how to bring
 * the table back to the same state before the next run, so every request and every replay of its DynamoDB
 * calls meets the same data and takes the same path (a replayed conditional put of an item that now exists
 * would fail and measure something else).
 */
export interface Scenario {
  /** As in the JSON output, e.g. `GET /api/usergroups/:id`. */
  name: string;
  /** The function in infra/function-table.cjs that serves it. */
  functionName: string;
  /** Which overhead budget applies: 1.3 for a GET by id, 1.5 for a write, none for lists. */
  kind: 'get-by-id' | 'write' | 'list';
  expectStatus: number;
  load(): Promise<{ handler: LambdaHandler }>;
  request(world: World, caller: Caller): RequestSpec;
  /** Unmeasured, before every run. */
  before?(world: World): Promise<void>;
  /** Unmeasured, after every run, with the calls that run made. */
  after?(world: World, calls: readonly RecordedCall[]): Promise<void>;
  /**
   * For the HTTP load (concurrent connections, no before/after): the requests to rotate over, when one
   * repeated request will not do: ids a DELETE uses up, or writes that would only conflict with each other.
   */
  loadTargets?(world: World, caller: Caller, expectedRequests: number): Promise<RequestSpec[]>;
}

/** `GET /api/products?page=1&items_per_page=10&…`: the list the list-scaling figures vary the filters of. */
export function productListScenario(query: (world: World) => Record<string, string>): Scenario {
  return {
    name: 'GET /api/products',
    functionName: 'products-list',
    kind: 'list',
    expectStatus: 200,
    load: () => import('../../functions/products/list.js'),
    request: (world, caller) => ({
      method: 'GET',
      path: '/api/products',
      resource: '/api/products',
      query: { page: '1', items_per_page: '10', ...query(world) },
      authorization: caller.authorization,
    }),
  };
}

/** In this order on purpose: the usergroup list is measured before POST and DELETE change the group partition. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'GET /api/usergroups/:id',
    functionName: 'usergroups-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/usergroups/get.js'),
    request: (world, caller) => ({
      method: 'GET',
      ...usergroupPath(member(world, 0).groupId),
      authorization: caller.authorization,
    }),
  },
  {
    name: 'GET /api/usergroups',
    functionName: 'usergroups-list',
    kind: 'list',
    expectStatus: 200,
    load: () => import('../../functions/usergroups/list.js'),
    request: (_world, caller) => ({
      method: 'GET',
      path: '/api/usergroups',
      resource: '/api/usergroups',
      authorization: caller.authorization,
    }),
  },
  {
    name: 'POST /api/usergroups',
    functionName: 'usergroups-create',
    kind: 'write',
    expectStatus: 201,
    load: () => import('../../functions/usergroups/create.js'),
    request: (_world, caller) => ({
      method: 'POST',
      path: '/api/usergroups',
      resource: '/api/usergroups',
      body: { type: 'C', status: 'A', usergroup: 'Bench created' },
      authorization: caller.authorization,
    }),
    after: (_world, calls) => deleteCreatedGroups(calls),
  },
  {
    name: 'PUT /api/usergroups/:id',
    functionName: 'usergroups-update',
    kind: 'write',
    expectStatus: 200,
    load: () => import('../../functions/usergroups/update.js'),
    // The same values every time: the write is real (UpdateItem with its condition) and leaves the table as it was.
    request: (world, caller) => ({
      method: 'PUT',
      ...usergroupPath(member(world, 0).groupId),
      body: { type: 'C', status: 'A', usergroup: 'Bench customers 0' },
      authorization: caller.authorization,
    }),
  },
  {
    name: 'DELETE /api/usergroups/:id',
    functionName: 'usergroups-delete',
    kind: 'write',
    expectStatus: 204,
    load: () => import('../../functions/usergroups/delete.js'),
    request: (world, caller) => ({
      method: 'DELETE',
      ...usergroupPath(world.disposableGroupId),
      authorization: caller.authorization,
    }),
    before: (world) => putDisposableGroup(world.disposableGroupId),
    loadTargets: (world, caller, expectedRequests) => disposableGroups(world, caller, expectedRequests),
  },
  {
    name: 'GET /api/users/:id/usergroups/:gid',
    functionName: 'memberships-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/memberships/get.js'),
    request: (world, caller) => {
      const { userId, groupId } = member(world, 0);
      return { method: 'GET', ...membershipPath(userId, groupId), authorization: caller.authorization };
    },
  },
  {
    name: 'PUT /api/users/:id/usergroups/:gid',
    functionName: 'memberships-update',
    kind: 'write',
    expectStatus: 200,
    load: () => import('../../functions/memberships/update.js'),
    // An existing link set to A again: the full transaction (link, group members_rev, login) on the common path.
    request: (world, caller) => {
      const { userId, groupId } = member(world, 0);
      return {
        method: 'PUT',
        ...membershipPath(userId, groupId),
        body: { status: 'A' },
        authorization: caller.authorization,
      };
    },
    loadTargets: (world, caller) =>
      everyMember(world, (userId, groupId) => ({
        method: 'PUT',
        ...membershipPath(userId, groupId),
        body: { status: 'A' },
        authorization: caller.authorization,
      })),
  },
  {
    name: 'DELETE /api/users/:id/usergroups/:gid',
    functionName: 'memberships-delete',
    kind: 'write',
    expectStatus: 204,
    load: () => import('../../functions/memberships/delete.js'),
    request: (world, caller) => {
      const { userId, groupId } = member(world, 1);
      return { method: 'DELETE', ...membershipPath(userId, groupId), authorization: caller.authorization };
    },
    after: async (world) => {
      const { userId, groupId } = member(world, 1);
      await restoreLink(userId, groupId);
    },
    // Under load the links stay F after the first round: each DELETE is still the full write (same calls).
    loadTargets: (world, caller) =>
      everyMember(world, (userId, groupId) => ({
        method: 'DELETE',
        ...membershipPath(userId, groupId),
        authorization: caller.authorization,
      })),
  },
  {
    name: 'GET /api/users',
    functionName: 'users-list',
    kind: 'list',
    expectStatus: 200,
    load: () => import('../../functions/users/list.js'),
    request: (_world, caller) => ({
      method: 'GET',
      path: '/api/users',
      resource: '/api/users',
      query: { page: '1', items_per_page: '10' },
      authorization: caller.authorization,
    }),
  },
  {
    name: 'GET /api/products/:id',
    functionName: 'products-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/products/get.js'),
    request: (world, caller) => ({
      method: 'GET',
      ...objectPath('products', world.catalog.productIds[0] ?? 0),
      authorization: caller.authorization,
    }),
  },
  productListScenario(() => ({})),
  {
    name: 'GET /api/categories/:id',
    functionName: 'categories-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/categories/get.js'),
    request: (world, caller) => ({
      method: 'GET',
      ...objectPath('categories', world.catalog.categories.top),
      authorization: caller.authorization,
    }),
  },
  {
    name: 'GET /api/stores/:id',
    functionName: 'stores-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/stores/get.js'),
    request: (world, caller) => ({
      method: 'GET',
      ...objectPath('stores', world.catalog.storeIds[0]),
      authorization: caller.authorization,
    }),
  },
  {
    name: 'GET /api/orders/:id',
    functionName: 'orders-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/orders/get.js'),
    request: (world, caller) => ({
      method: 'GET',
      ...objectPath('orders', world.catalog.orderId),
      authorization: caller.authorization,
    }),
  },
  {
    name: 'POST /api/orders (5 lines)',
    functionName: 'orders-create',
    kind: 'write',
    expectStatus: 201,
    load: () => import('../../functions/orders/create.js'),
    // Five tracked products of one store, one of each: priced, stock taken, the order and its index items written.
    request: (world, caller) => ({
      method: 'POST',
      path: '/api/orders',
      resource: '/api/orders',
      body: orderBody(member(world, 0).userId, world.catalog.productIds),
      authorization: caller.authorization,
    }),
    after: (_world, calls) => deleteCreated(ordersEntity, calls),
  },
  // One read and one write of each other kind of entity: a keyed-object list (languages, keyed by lang_code),
  // a bare list (blocks: every block, no paging), name-keyed ids (a langvar of English, language 1).
  {
    name: 'GET /api/languages',
    functionName: 'languages-list',
    kind: 'list',
    expectStatus: 200,
    load: () => import('../../functions/languages/list.js'),
    request: (_world, caller) => ({
      method: 'GET',
      path: '/api/languages',
      resource: '/api/languages',
      authorization: caller.authorization,
    }),
  },
  {
    name: 'POST /api/languages',
    functionName: 'languages-create',
    kind: 'write',
    expectStatus: 201,
    load: () => import('../../functions/languages/create.js'),
    request: (_world, caller) => ({
      method: 'POST',
      path: '/api/languages',
      resource: '/api/languages',
      body: { lang_code: 'zz', name: 'Bench language' },
      authorization: caller.authorization,
    }),
    // The record, its index items and its code marker go, so the next run's create of `zz` meets the same table.
    after: (_world, calls) => deleteCreated(languagesEntity, calls, languageHooks.removeItems),
    loadTargets: (world, caller) => languageCodes(world, caller),
  },
  {
    name: 'GET /api/blocks',
    functionName: 'blocks-list',
    kind: 'list',
    expectStatus: 200,
    load: () => import('../../functions/blocks/list.js'),
    request: (_world, caller) => ({
      method: 'GET',
      path: '/api/blocks',
      resource: '/api/blocks',
      authorization: caller.authorization,
    }),
  },
  {
    name: 'POST /api/blocks',
    functionName: 'blocks-create',
    kind: 'write',
    expectStatus: 201,
    load: () => import('../../functions/blocks/create.js'),
    request: (_world, caller) => ({
      method: 'POST',
      path: '/api/blocks',
      resource: '/api/blocks',
      body: { name: 'Bench created block', type: 'html_block' },
      authorization: caller.authorization,
    }),
    after: (_world, calls) => deleteCreated(blocksEntity, calls),
  },
  {
    name: 'GET /api/languages/:id/langvars/:name',
    functionName: 'languages-langvars-get',
    kind: 'get-by-id',
    expectStatus: 200,
    load: () => import('../../functions/languages/langvars-get.js'),
    request: (_world, caller) => ({
      method: 'GET',
      ...langvarPath(1, BENCH_LANGVAR),
      authorization: caller.authorization,
    }),
  },
  {
    name: 'PUT /api/languages/:id/langvars/:name',
    functionName: 'languages-langvars-update',
    kind: 'write',
    expectStatus: 200,
    load: () => import('../../functions/languages/langvars-update.js'),
    // The same value every time: the real conditional write, leaving the table as it was.
    request: (_world, caller) => ({
      method: 'PUT',
      ...langvarPath(1, BENCH_LANGVAR),
      body: { value: 'Hello from the bench' },
      authorization: caller.authorization,
    }),
  },
];
