import { generateApiKey, hashApiKey } from '../../lib/auth/api-keys.js';
import { createRecord } from '../../lib/db/entity-store.js';
import { putLangvar } from '../../lib/db/langvars.js';
import { writeLinkStatus } from '../../lib/db/memberships.js';
import type { UserRecord } from '../../lib/db/records.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { createUsergroup, setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import { createUser } from '../../lib/db/users.js';
import { blocksEntity } from '../../lib/entities/blocks.js';
import type { StoredValue } from '../../lib/entities/types.js';
import { withDefaults } from '../../lib/entities/validate.js';
import { instanceTable } from '../../lib/operations/instance-table.js';
import {
  type Catalog,
  createCatalogBase,
  ORDER_PRODUCT_INDEXES,
  placeOrder,
  rootCaller,
  type SeedFigures,
  seedProducts,
} from './catalog.js';
import { createEntityObjects, type EntityObjects } from './entity-objects.js';
import { basicAuthorization } from './events.js';

/**
 * The accounts and objects the measured requests act on, created through lib/ as the bootstrap and the admin
 * command line create them (createUser with a key hash, createUsergroup, setUsergroupPrivileges, writeLinkStatus).
 */

export interface Caller {
  label: 'non-root' | 'root' | 'guest' | 'customer';
  email: string;
  userId: number;
  /** `Basic …`; empty for a storefront guest (its `headers` identify it). */
  authorization: string;
  /** Headers besides Authorization (a guest's Storefront-Api-Access-Key). */
  headers?: Record<string, string>;
}

/** A customer linked (status A) to a customer group of its own: the target of membership requests. */
export interface Member {
  userId: number;
  groupId: number;
}

export interface World {
  root: Caller;
  /** A non-root administrator whose one group grants exactly what the measured endpoints need. */
  staff: Caller;
  members: Member[];
  /** DELETE /usergroups/:id deletes this id; it is written again before every run (see scenarios.ts). */
  disposableGroupId: number;
  /** Stores, categories, products and an order (bench/lib/catalog.ts). */
  catalog: Catalog;
  /** One object of every other entity (bench/lib/entity-objects.ts); only in the endpoint world, so the 10,000 table holds the seeded products alone. */
  objects?: EntityObjects;
  /** How the products were written and how long it took. */
  seed: SeedFigures;
}

/**
 * What the measured endpoints require (lib/entities: usergroups read/write, memberships, users list; the
 * catalog, stores and orders read, orders created; and reading every other entity, bench/lib/entity-rows.ts).
 */
const STAFF_PRIVILEGES = [
  'view_users',
  'view_usergroups',
  'manage_usergroups',
  'view_catalog',
  'view_stores',
  'view_orders',
  'create_order',
  'view_languages',
  'manage_languages',
  'edit_blocks',
  'view_vendors',
  'view_payments',
  'view_shipping',
  'manage_order_statuses',
  'view_discussions',
  'view_call_requests',
  'view_taxes',
  'view_settings',
  'view_pages',
];

/** Blocks of the bare-list row (GET /blocks answers every one) and the langvar of the name-keyed rows. */
export const BENCH_BLOCKS = 5;
export const BENCH_LANGVAR = 'bench_greeting';

/** Products written at once while seeding: DynamoDB Local on two cores is busy by then. */
const SEED_CONCURRENCY = 8;

/** Far above what the usergroup counter reaches in a run, so no POST ever takes it. */
const DISPOSABLE_GROUP_ID = 900_000_000;

/** Points lib/ (config().tableName) at another table of the same DynamoDB Local. */
export function useTable(tableName: string): void {
  if (process.env.TABLE_NAME === tableName) return;
  // lib/config.ts sees it at the next use; the layout, id blocks and rate-limit memory are the table's own
  // (lib/db/table-context.ts): another table's are not used here.
  process.env.TABLE_NAME = tableName;
}

/** An administrator with an API key of its own (the change feed's bench makes a root one to subscribe a webhook). */
export async function createCaller(
  label: Caller['label'],
  email: string,
  isRoot: boolean,
): Promise<{ caller: Caller; user: UserRecord }> {
  const key = generateApiKey();
  const user = await createUser(
    {
      email,
      user_type: 'A',
      status: 'A',
      firstname: 'Bench',
      lastname: label,
      company_id: 0,
      is_root: isRoot ? 'Y' : 'N',
      key_hash: hashApiKey(key),
    },
    undefined,
    instanceTable,
  );
  return { caller: { label, email, userId: user.user_id, authorization: basicAuthorization(email, key) }, user };
}

/**
 * Every table gets the same world, so the list-scaling tables differ only in their seeded users and in
 * `productCount`, the products of the catalog.
 */
export async function createWorld(
  memberCount: number,
  productCount: number,
  withEntityObjects = false,
): Promise<World> {
  const root = (await createCaller('root', 'root@bench.example.com', true)).caller;
  const staffGroup = await createUsergroup({ type: 'A', status: 'A', usergroup: 'Bench staff' }, instanceTable);
  await setUsergroupPrivileges(staffGroup.usergroup_id, STAFF_PRIVILEGES, instanceTable);
  const staff = await createCaller('non-root', 'staff@bench.example.com', false);
  await writeLinkStatus(staff.user, staffGroup, undefined, 'A', instanceTable);

  const members: Member[] = [];
  for (let i = 0; i < memberCount; i++) {
    const group = await createUsergroup({ type: 'C', status: 'A', usergroup: `Bench customers ${i}` }, instanceTable);
    const customer = await createUser(
      {
        email: `customer-${i}@bench.example.com`,
        user_type: 'C',
        status: 'A',
        firstname: 'Bench',
        lastname: `Customer ${i}`,
        company_id: 0,
        is_root: 'N',
      },
      undefined,
      instanceTable,
    );
    await writeLinkStatus(customer, group, undefined, 'A', instanceTable);
    members.push({ userId: customer.user_id, groupId: group.usergroup_id });
  }
  const asRoot = rootCaller(root.userId, root.email);
  const base = await createCatalogBase(asRoot);
  const { productIds, figures } = await seedProducts(asRoot, base, productCount, SEED_CONCURRENCY);
  const first = ORDER_PRODUCT_INDEXES.map((i) => productIds[i] as number);
  const orderId = await placeOrder(asRoot, member(members, 0).userId, first);
  const catalog: Catalog = { ...base, productIds: first, orderId, productCount };
  // One entity of each other kind (scenarios.ts): blocks for the bare list, a langvar of English (built in).
  const blockIds: number[] = [];
  for (let i = 0; i < BENCH_BLOCKS; i++) {
    const block = await createRecord(
      blocksEntity,
      withDefaults(blocksEntity, {
        name: `Bench block ${i}`,
        type: 'html_block',
        content: `<p>Block ${i}</p>`,
      }) as Record<string, StoredValue>,
      undefined,
      undefined,
      defaultTableContext(),
    );
    blockIds.push(Number(block.block_id));
  }
  await putLangvar({ lang_code: 'en', name: BENCH_LANGVAR, value: 'Hello from the bench' });
  const objects = withEntityObjects
    ? await createEntityObjects(root, {
        store: base.storeIds[0],
        order: orderId,
        customer: member(members, 0).userId,
        block: blockIds[0]!,
      })
    : undefined;
  return {
    root,
    staff: staff.caller,
    members,
    disposableGroupId: DISPOSABLE_GROUP_ID,
    catalog,
    objects,
    seed: figures,
  };
}

function member(members: readonly Member[], index: number): Member {
  const found = members[index];
  if (!found) throw new Error(`the world has no member ${index}`);
  return found;
}
