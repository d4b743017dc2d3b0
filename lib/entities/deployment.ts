import type { DynamoAction, FunctionAccess, FunctionOverride, FunctionRow } from './deployment-types.js';
import { BATCH_SEGMENT, batchedOperations, OPERATION_METHODS } from './methods.js';
import type { EntityDefinition, Operation, ResourceDefinition, StoredEntityDefinition } from './types.js';

export type { Deployment, DynamoAction, FunctionAccess, FunctionOverride, FunctionRow } from './deployment-types.js';

/**
 * The DynamoDB actions of a plain entity's operations (lib/operations/crud.ts on lib/db/entity-store.ts
 * and entity-list.ts), which follow from the generic code alone:
 * - list: Query of an index or sort partition, GetItem of its count (BatchGetItem of the page);
 * - get: GetItem of the record;
 * - create: UpdateItem of the id counter, then one transaction: Put of the record and its index items,
 *   Update of the count shards, a ConditionCheck per referenced record no delete guard counts (`references`;
 *   a counted one is read beforehand, BatchGetItem, and proven by its count shard: lib/db/count-shards.ts);
 * - update: GetItem, then one transaction: Put of the record, Delete/Put of the index items that changed,
 *   Update of the counts, a ConditionCheck per newly referenced record (`references`, as for a create);
 * - delete: GetItem, BatchGetItem of its dependants' counts, then one transaction: Delete of the record and its
 *   index items, Update of the counts, per kind of dependant (`dependents`: no orphans) an Update marking each
 *   count shard gone and a ConditionCheck of an older table's count item, all conditioned on the counts read.
 * Every function also authenticates and keeps its bookkeeping items (infra/iam-roles.cjs): not listed here.
 */
const PLAIN_ACCESS: Readonly<Record<Operation, readonly DynamoAction[]>> = {
  list: ['Query', 'GetItem'],
  get: ['GetItem'],
  create: ['UpdateItem', 'PutItem'],
  update: ['GetItem', 'PutItem', 'DeleteItem', 'UpdateItem'],
  delete: ['GetItem', 'DeleteItem', 'UpdateItem'],
};

/** The generic access of a plain (stored) entity's operation; undefined for an entity with its own storage. */
export function plainAccess(entity: EntityDefinition, operation: Operation): DynamoAction[] | undefined {
  if (!('storage' in entity)) return undefined;
  const { references, dependents } = (entity as StoredEntityDefinition).storage;
  const checks =
    operation === 'create' || operation === 'update'
      ? (references?.length ?? 0) > 0
      : operation === 'delete'
        ? (dependents?.length ?? 0) > 0
        : false;
  return [...PLAIN_ACCESS[operation], ...(checks ? (['ConditionCheckItem'] as const) : [])];
}

const dashed = (name: string) => name.replace(/_/g, '-');
const unique = (actions: readonly DynamoAction[]) => [...new Set(actions)];
/** `product_id` → `productId`: the path parameter of a nested object (`/categories/{id}/products/{productId}`). */
const paramOf = (nested: ResourceDefinition) =>
  nested.http.idKind === 'name'
    ? 'name'
    : (nested.schema.idField ?? 'nested_id').replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

function declaredAccess(key: string, own: FunctionOverride, generic: FunctionAccess | undefined): FunctionAccess {
  if (own.access)
    return Array.isArray(own.access) ? { table: own.access as DynamoAction[] } : (own.access as FunctionAccess);
  if (!generic) throw new Error(`${key}: not a plain entity operation, so its deployment must declare its access`);
  return { table: unique([...generic.table, ...(own.extra ?? [])]), index: generic.index };
}

/**
 * Every function of the deployed entities, in their order. A nested operation (`/categories/{id}/products/
 * {productId}`) runs the child's own operation after reading the parent, so unless declared otherwise its
 * access is the child entity's function's plus GetItem.
 */
export function functionRows(entities: readonly EntityDefinition[]): FunctionRow[] {
  const rows: FunctionRow[] = [];
  const byKey = new Map<string, FunctionRow>();
  /** One function: `base` names it (`products`, `products-discussions`), `path` is its collection path. */
  const add = (
    domain: string,
    key: string,
    operation: Operation,
    own: FunctionOverride,
    base: { name: string; handler: string; path: string; objectParam: string },
    access: FunctionAccess,
  ) => {
    if (byKey.has(key)) throw new Error(`two functions serve ${key}`);
    const route = OPERATION_METHODS[operation];
    const row: FunctionRow = {
      domain,
      name: own.name ?? `${base.name}-${operation}`,
      key,
      handler: `${own.handler ?? `${base.handler}${operation}`}.handler`,
      method: route.method.toLowerCase() as FunctionRow['method'],
      path: `${base.path}${route.onObject ? `/{${base.objectParam}}` : ''}`,
      table: [...access.table],
      index: [...(access.index ?? [])],
    };
    byKey.set(key, row);
    rows.push(row);
  };
  const deployed = entities.filter((entity) => entity.deployment);
  for (const entity of deployed) {
    const { domain, functions = {} } = entity.deployment!;
    const base = {
      name: dashed(entity.name),
      handler: `functions/${entity.name}/`,
      path: entity.name,
      objectParam: 'id',
    };
    for (const operation of entity.http.operations) {
      const key = `${entity.name}.${operation}`;
      const own = functions[operation] ?? {};
      const generic = plainAccess(entity, operation);
      add(domain, key, operation, own, base, declaredAccess(key, own, generic && { table: generic }));
    }
  }
  // A batch function per entity with writes: it runs those operations' handlers in-process, so its access is theirs.
  for (const entity of deployed) {
    const operations = batchedOperations(entity);
    if (operations.length === 0) continue;
    const { domain, functions = {} } = entity.deployment!;
    const key = `${entity.name}.batch`;
    const own = functions.batch ?? {};
    const parts = operations.map((operation) => byKey.get(`${entity.name}.${operation}`)!);
    const access = {
      table: unique([...parts.flatMap((row) => row.table), ...(own.extra ?? [])]),
      index: unique(parts.flatMap((row) => row.index)),
    };
    const row: FunctionRow = {
      domain,
      name: own.name ?? `${dashed(entity.name)}-batch`,
      key,
      handler: `${own.handler ?? `functions/${entity.name}/batch`}.handler`,
      method: 'post',
      path: `${entity.name}/${BATCH_SEGMENT}`,
      table: access.table,
      index: access.index,
    };
    byKey.set(key, row);
    rows.push(row);
  }
  // Nested operations after every entity's own, so that the child's own function is known.
  for (const entity of deployed) {
    const { domain, functions = {} } = entity.deployment!;
    for (const [segment, nested] of Object.entries(entity.nested ?? {})) {
      const base = {
        name: `${dashed(entity.name)}-${dashed(nested.name)}`,
        handler: `functions/${entity.name}/${dashed(nested.name)}-`,
        path: `${entity.name}/{id}/${segment}`,
        objectParam: paramOf(nested),
      };
      for (const operation of nested.http.operations) {
        const key = `${entity.name}.${nested.name}.${operation}`;
        const own = functions[`${nested.name}.${operation}`] ?? {};
        const child = byKey.get(`${nested.name}.${operation}`);
        add(
          domain,
          key,
          operation,
          own,
          base,
          declaredAccess(key, own, child && { table: unique([...child.table, 'GetItem']), index: child.index }),
        );
      }
    }
  }
  return rows;
}
