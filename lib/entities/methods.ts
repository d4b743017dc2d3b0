import type { Operation, ResourceDefinition } from './types.js';

/** The HTTP method of each operation, and whether it addresses one object (`/x/:id`) or the collection (`/x`). */
export const OPERATION_METHODS: Readonly<
  Record<Operation, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; onObject: boolean }>
> = {
  list: { method: 'GET', onObject: false },
  create: { method: 'POST', onObject: false },
  get: { method: 'GET', onObject: true },
  update: { method: 'PUT', onObject: true },
  delete: { method: 'DELETE', onObject: true },
};

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * The methods a path serves: those of the resource's operations on that shape, and those of its always-403
 * operations (GET /auth), which are routed too. The one source of both the `Allow` header of a 405
 * (lib/http/route.ts) and the operations the OpenAPI document lists under the path (lib/openapi/document.ts).
 */
export function pathMethods(resource: ResourceDefinition, onObject: boolean): string[] {
  const routed = [...resource.http.operations, ...(resource.http.deniedOperations ?? [])];
  const servedHere = (operation: Operation) =>
    OPERATION_METHODS[operation].onObject === onObject ||
    (!onObject && (resource.http.collectionWrites ?? []).includes(operation as 'update'));
  const methods = new Set(routed.filter(servedHere).map((operation) => OPERATION_METHODS[operation].method));
  return METHOD_ORDER.filter((method) => methods.has(method));
}

/** The path segment of an entity's batch of writes: `POST /products/batch` (docs/api.md "Batches and upsert"). */
export const BATCH_SEGMENT = 'batch';
/** The operations a batch may hold, in the order a batch body lists them. */
export const BATCHED_OPERATIONS = ['create', 'update', 'delete'] as const;
export type BatchedOperation = (typeof BATCHED_OPERATIONS)[number];

/**
 * The write operations of a resource a batch can carry; an entity with none has no batch path. An entity whose
 * only write is create is an action, not a collection of objects (POST /auth's login links, the variation
 * actions), and has no batch either.
 */
export function batchedOperations(resource: ResourceDefinition): BatchedOperation[] {
  // The storefront's cart is one customer's own, line by line, as CS-Cart's storefront API has it: no batch.
  if (resource.http.storefrontAccess) return [];
  const writes = BATCHED_OPERATIONS.filter((operation) => resource.http.operations.includes(operation));
  return writes.length === 1 && writes[0] === 'create' ? [] : writes;
}
