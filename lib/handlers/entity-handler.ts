import type { StoredEntityDefinition } from '../entities/types.js';
import { type EntityHooks, entityOperation } from '../operations/crud.js';
import { type ChildObjects, childObjectOperation } from '../operations/nested-objects.js';
import { apiHandler, type LambdaHandler } from '../stack/api-handler.js';

/**
 * An operation bound to the request stack as a Lambda handler. Operations know nothing of the stack
 * (lib/http/operation.ts is their contract); this layer is the one place where the two meet, so a batch item, an MCP
 * tool call or a test can run an operation without it.
 */

/** One operation of a plain entity: `export const handler = entityHandler(storesEntity, 'get')`. */
export function entityHandler<D extends StoredEntityDefinition>(
  def: D,
  operation: Parameters<typeof entityOperation>[1],
  hooks: NoInfer<EntityHooks<D>> = {},
  routeKey = `${def.name}.${operation}`,
): LambdaHandler {
  return apiHandler(routeKey, entityOperation<D>(def, operation, hooks));
}

/** GET, PUT or DELETE on a child object through its parent, under the nested route key. */
export function childObjectHandler(
  objects: ChildObjects,
  operation: Parameters<typeof childObjectOperation>[1],
  routeKey: string,
): LambdaHandler {
  return apiHandler(routeKey, childObjectOperation(objects, operation));
}
