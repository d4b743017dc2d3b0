import type { EntityFinder } from '../entities/finder.js';
import { BATCH_SEGMENT, batchedOperations, pathMethods } from '../entities/methods.js';
import type { EntityDefinition, Operation, PrivilegeRule, ResourceDefinition } from '../entities/types.js';
import { ForbiddenError } from '../errors.js';
import type { ApiPath } from './api-path.js';
import { digitsOf } from './digits.js';
import { methodNotAllowed, notFound } from './http-errors.js';

/** A request matched to a resource and an operation; ids are still raw path text (checked by the operation). */
export interface Route {
  /** `usergroups.get`, `users.usergroups.update`: names the operation, and the function that serves it. */
  key: string;
  resource: ResourceDefinition;
  /** `batch`: `POST /<entity>/batch`, several writes of the entity in one request (lib/operations/batch.ts). */
  operation: Operation | 'batch';
  /** The id of the top-level object (`/users/:id`), if any. */
  id?: string;
  /** The id of the nested object (`/users/:id/usergroups/:nestedId`), if any. */
  nestedId?: string;
  /** The privileges the caller needs, all of them (empty: any authenticated caller). */
  privileges: readonly string[];
  /**
   * `/stores/:id/…` and `/vendors/:id/…`: the company whose context the request runs in (SPEC §10), its id
   * still path text (checked by lib/stack/dispatch/company-context.ts). The rest of the route is the child's own.
   * `companyId` is that text read once as an id, for the operations (undefined when it names none: the
   * dispatch phase answers such a path 404 at its step, before any operation runs).
   */
  company?: { entity: EntityDefinition; id: string; companyId: number | undefined };
}

/** The entities whose objects are a context for any other entity (CS-Cart's `(stores|vendors)/(\d+)/.+`). */
const COMPANY_CONTEXTS: readonly string[] = ['stores', 'vendors'];

function privilegesFor(rule: PrivilegeRule | 'none', operation: Operation): readonly string[] {
  if (rule === 'none') return [];
  if (operation === 'list' || operation === 'get') return rule.read;
  return rule[operation] ?? rule.write;
}

/** Every privilege of both lists, once. */
const union = (a: readonly string[], b: readonly string[]): readonly string[] => [...new Set([...a, ...b])];

/**
 * Matches a method and path to an operation (SPEC §1): an unknown entity is a 404,
 * a method the path's shape does not take is a 405 with an `Allow` header. A store or vendor
 * context (`/stores/1/products/12`) is the child's own route (`products.get`, served by the
 * child's function) run in that company; reading the company's entity is needed too.
 */
export function resolveRoute(method: string, path: ApiPath, findEntity: EntityFinder): Route {
  const [first, companyId, child, ...rest] = path.segments;
  const context = first !== undefined && COMPANY_CONTEXTS.includes(first.toLowerCase()) ? findEntity(first) : undefined;
  if (
    context &&
    companyId !== undefined &&
    child !== undefined &&
    !Object.hasOwn(context.nested ?? {}, child.toLowerCase())
  ) {
    const inner = resolveSegments(method, [child, ...rest], findEntity);
    return {
      ...inner,
      company: { entity: context, id: companyId, companyId: digitsOf(companyId) },
      privileges: union(inner.privileges, privilegesFor(context.http.privileges, 'get')),
    };
  }
  return resolveSegments(method, path.segments, findEntity);
}

function resolveSegments(method: string, segments: readonly string[], findEntity: EntityFinder): Route {
  const [entityName, id, nestedName, nestedId, ...extra] = segments;
  if (entityName === undefined || extra.length > 0) throw notFound();
  const entity = findEntity(entityName);
  if (!entity) throw notFound(`The Entity ${entityName} not found`);

  let resource: ResourceDefinition = entity;
  let key = entity.name;
  // A nested path names its parent object too, which the caller must be allowed to read (SPEC §10 "Nested paths").
  let parentPrivileges: readonly string[] = [];
  if (nestedName !== undefined) {
    const nested = entity.nested?.[nestedName.toLowerCase()];
    if (!nested || !Object.hasOwn(entity.nested ?? {}, nestedName.toLowerCase())) {
      throw notFound(`The Entity ${nestedName} not found`);
    }
    resource = nested;
    key = `${entity.name}.${nested.name}`;
    parentPrivileges = privilegesFor(entity.http.privileges, 'get');
  }
  const batch = nestedName === undefined && id === BATCH_SEGMENT ? batchRoute(entity) : undefined;
  if (batch && method.toUpperCase() === 'POST') return batch;
  // No object of a numeric-id entity is called `batch`: its batch path takes POST only.
  if (batch && entity.http.idKind !== 'name') throw methodNotAllowed(undefined, ['POST']);
  if (batch && !pathMethods(entity, true).includes(method.toUpperCase())) {
    throw methodNotAllowed(
      undefined,
      ['GET', 'POST', 'PUT', 'DELETE'].filter((m) => m === 'POST' || pathMethods(entity, true).includes(m)),
    );
  }
  const objectPath = nestedName !== undefined ? nestedId !== undefined : id !== undefined;
  // What the OpenAPI document lists for this path, always-403 operations included (never an empty Allow).
  const allow = pathMethods(resource, objectPath);
  const denied = resource.http.deniedOperations ?? [];
  if (allow.length === 0) throw notFound();

  const operation = operationFor(method.toUpperCase(), objectPath, allow, resource.http.collectionWrites ?? []);
  // A routed operation whose privilege is `false` (GET /auth): forbidden to everyone, credentials already checked.
  if (denied.includes(operation)) throw new ForbiddenError('Nobody may use this method on this resource');
  if (!resource.http.operations.includes(operation)) throw methodNotAllowed(undefined, allow);
  return {
    key: `${key}.${operation}`,
    resource,
    operation,
    id,
    nestedId,
    privileges: union(privilegesFor(resource.http.privileges, operation), parentPrivileges),
  };
}

/**
 * `POST /<entity>/batch` of an entity with update or delete (lib/entities/methods.ts `batchedOperations`). No
 * numeric id is `batch`, so other methods there are a 405; a name id's `batch` (a langvar) keeps its GET, PUT, DELETE. The batch itself needs the privileges
 * every one of its operations needs; each item is then judged as its own request would be.
 */
function batchRoute(entity: EntityDefinition): Route | undefined {
  const operations = batchedOperations(entity);
  if (operations.length === 0 || !entity.deployment) return undefined;
  const needed = operations.map((operation) => privilegesFor(entity.http.privileges, operation));
  const common = needed.reduce((all, some) => all.filter((privilege) => some.includes(privilege)));
  return { key: `${entity.name}.batch`, resource: entity, operation: 'batch', privileges: common };
}

function operationFor(
  method: string,
  objectPath: boolean,
  allow: string[],
  collectionWrites: readonly Operation[],
): Operation {
  switch (method) {
    case 'GET':
      return objectPath ? 'get' : 'list';
    case 'POST':
      if (objectPath) throw methodNotAllowed('ID must not be defined', allow);
      return 'create';
    case 'PUT':
      if (!objectPath && !collectionWrites.includes('update')) throw methodNotAllowed('Object ID undefined', allow);
      return 'update';
    case 'DELETE':
      if (!objectPath && !collectionWrites.includes('delete')) throw methodNotAllowed('Object ID undefined', allow);
      return 'delete';
    default:
      throw methodNotAllowed(undefined, allow);
  }
}

/** Parses a path id: digits only and a safe integer, else the object cannot exist (404). */
export function parseId(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1) throw notFound();
  return id;
}

/** Parses a path id of an `idKind: 'name'` resource (CS-Cart's isValidIdentifier): else the object cannot exist (404). */
export function parseName(raw: string | undefined): string {
  if (raw === undefined || !/^[0-9a-z_-]{1,128}$/.test(raw)) throw notFound();
  return raw;
}
