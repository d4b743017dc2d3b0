import { repositoryOf } from '../db/repository.js';
import type { EntityDefinition, StoredEntityDefinition } from '../entities/types.js';
import { entityOperation, type HooksFor, hooksOn } from '../operations/crud.js';
import { instanceTable as table } from '../operations/instance-table.js';
import { type ChildObjects, childObjectOperation } from '../operations/nested-objects.js';
import { apiHandler, type LambdaHandler } from '../stack/api-handler.js';

/**
 * An operation bound to the request stack as a Lambda handler. Operations know nothing of the stack
 * (lib/http/operation.ts is their contract); this layer is the one place where the two meet, so a batch item, an MCP
 * tool call or a test can run an operation without it.
 */

/**
 * One operation of a plain entity over its repository on this instance's table (lib/operations/instance-table.ts):
 * `export const handler = entityHandler(storesEntity, 'get')`; hooks that write items of their own are made for that
 * repository's context (`entityHandler(productsEntity, 'create', productHooksOn)`). An entity's operation
 * served under another's path (`GET /categories/:id/products`) names that parent and its route key: the function
 * routes with the parent's definition.
 */
export function entityHandler<D extends StoredEntityDefinition>(
  def: D,
  operation: Parameters<typeof entityOperation>[1],
  hooks: NoInfer<HooksFor<D>> = {},
  nested?: { parent: EntityDefinition; routeKey: string },
): LambdaHandler {
  const routed = nested ?? { parent: def, routeKey: `${def.name}.${operation}` };
  return apiHandler(
    routed.parent,
    routed.routeKey,
    entityOperation<D>(repositoryOf(def, table), operation, hooksOn(hooks, table)),
  );
}

/** GET, PUT or DELETE on a child object through its parent, under the nested route key. */
export function childObjectHandler(
  objects: ChildObjects,
  operation: Parameters<typeof childObjectOperation>[1],
  routeKey: string,
): LambdaHandler {
  return apiHandler(objects.parent, routeKey, childObjectOperation(objects, operation, table));
}
