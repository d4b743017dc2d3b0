import { OPERATION_METHODS, pathMethods } from '../entities/methods.js';
import { ACTIONS } from '../entities/product-variations.js';
import type { Operation, PrivilegeRule, ResourceDefinition } from '../entities/types.js';
import { answerSchema, listSchema } from './answer-schemas.js';
import { IDEMPOTENCY_KEY_PARAMETER, IF_MATCH, IF_NONE_MATCH, queryParameters } from './parameters.js';
import { ETAG_HEADER, errorRef, errorsFor, headerRefs, json, RATE_HEADERS } from './responses.js';
import { bodySchema, isStored, representationSchema } from './schemas.js';
import { storefrontOperation } from './storefront.js';

/**
 * The operation objects of the OpenAPI document's paths: for each path of a resource, one operation per method the
 * router serves there, with its summary, privileges, parameters, request body and responses.
 */

/** Nouns of a summary: `categories` → `category`, `call_requests` → `call request`. */
function singular(name: string): string {
  const words = name.replace(/_/g, ' ');
  if (words.endsWith('ies')) return `${words.slice(0, -3)}y`;
  if (/(x|ss|us)es$/.test(words)) return words.slice(0, -2);
  return words.replace(/s$/, '');
}

/** The one-line summary Swagger UI shows beside the path: `List products`, `Get usergroup of user`. */
export function operationSummary(resource: ResourceDefinition, operation: Operation, tag: string): string {
  const of = resource.name === tag ? '' : ` of ${singular(tag)}`;
  if (resource.name === 'version') return 'API version';
  // An action (POST /generate_product_variations) is its own verb.
  if ((ACTIONS as readonly string[]).includes(resource.name)) {
    const words = resource.name.replace(/_/g, ' ');
    return `${words[0]!.toUpperCase()}${words.slice(1)}${of}`;
  }
  if (operation === 'list') return `List ${resource.name.replace(/_/g, ' ')}${of}`;
  const verb = { get: 'Get', create: 'Create', update: 'Update', delete: 'Delete' }[operation];
  return `${verb} ${singular(resource.name)}${of}`;
}

function privilegeText(rule: PrivilegeRule | 'none', operation: Operation): string {
  if (rule === 'none') return 'Any authenticated user (every user type, every edition).';
  const names = operation === 'list' || operation === 'get' ? rule.read : (rule[operation] ?? rule.write);
  return `Privileges: ${names.map((name) => `\`${name}\``).join(', ')} (a root administrator has all).`;
}

function vendorText(resource: ResourceDefinition, operation: Operation): string {
  if (!resource.http.vendorAccess) return ' Vendors: 403.';
  if (resource.http.vendorReadOnly && operation !== 'list' && operation !== 'get')
    return ' Vendors: 403 (read-only for them).';
  if (isStored(resource) && resource.http.vendorScoped) return " Vendors: their own company's objects only.";
  return ' Vendors may use it.';
}

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];

function operationObject(
  resource: ResourceDefinition,
  operation: Operation,
  tag: string,
  idParams: string[],
): Record<string, unknown> {
  const byName = (name: string) =>
    resource.http.idKind === 'name' &&
    name === idParams[idParams.length - 1] &&
    (operation === 'get' || operation === 'update' || operation === 'delete');
  const parameters: unknown[] = idParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: byName(name)
      ? 'A name of lower-case letters, digits, _ and -; anything else is a 404.'
      : 'A numeric id; anything else is a 404.',
  }));
  if (operation === 'list') parameters.push(...queryParameters(resource));
  const writes = operation === 'create' || operation === 'update';
  if (writes) parameters.push(IDEMPOTENCY_KEY_PARAMETER);
  const successHeaders = { headers: headerRefs(writes ? [...RATE_HEADERS, 'Idempotent-Replayed'] : RATE_HEADERS) };
  if (operation === 'get') parameters.push(IF_NONE_MATCH);
  if (operation === 'update' || operation === 'delete') parameters.push(IF_MATCH);
  const responses: Record<string, unknown> = { ...errorsFor(operation) };
  switch (operation) {
    case 'list':
      responses['200'] = { description: 'The collection.', ...successHeaders, content: json(listSchema(resource)) };
      break;
    case 'get':
      responses['200'] = {
        description: 'The object.',
        headers: { ...ETAG_HEADER, ...successHeaders.headers },
        content: json(representationSchema(resource, 'single')),
      };
      responses['304'] = {
        description: 'Not modified: If-None-Match matched; the ETag, no body.',
        headers: { ...ETAG_HEADER, ...successHeaders.headers },
      };
      break;
    case 'create':
      responses['201'] = {
        description: 'Created.',
        ...successHeaders,
        content: json(answerSchema(resource, 'create')),
      };
      if (resource.docs?.createMayAnswer200)
        responses['200'] = {
          description: 'Done on an existing object.',
          ...successHeaders,
          content: json(answerSchema(resource, 'create')),
        };
      break;
    case 'update':
      responses['200'] = {
        description: 'Updated.',
        ...successHeaders,
        content: json(answerSchema(resource, 'update')),
      };
      break;
    case 'delete':
      responses['204'] = { description: 'Deleted; empty body.', ...successHeaders };
      break;
  }
  const body =
    operation === 'create' || operation === 'update'
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(BODY_TYPES.map((type) => [type, { schema: bodySchema(resource, operation) }])),
          },
        }
      : {};
  return {
    tags: [tag],
    operationId: `${[tag, ...(resource.name === tag ? [] : [resource.name])].join('_')}_${operation}`,
    summary: operationSummary(resource, operation, tag),
    description: privilegeText(resource.http.privileges, operation) + vendorText(resource, operation),
    parameters,
    ...body,
    responses,
  };
}

/** Lists under each path exactly the methods lib/entities/methods.ts `pathMethods` gives (the router's `Allow`). */
export function addResource(
  paths: Record<string, Record<string, unknown>>,
  base: string,
  resource: ResourceDefinition,
  tag: string,
  idParams: string[],
  objectParam: string,
): void {
  const denied = resource.http.deniedOperations ?? [];
  for (const onObject of [false, true]) {
    const path = onObject ? `${base}/{${objectParam}}` : base;
    const params = onObject ? [...idParams, objectParam] : idParams;
    for (const method of pathMethods(resource, onObject)) {
      const operation = operationOf(resource, method, onObject);
      (paths[path] ??= {})[method.toLowerCase()] = storefrontOperation(
        resource,
        operation,
        onObject,
        denied.includes(operation)
          ? deniedOperationObject(resource, operation, tag, params)
          : operationObject(resource, operation, tag, params),
      );
    }
  }
}

function operationOf(resource: ResourceDefinition, method: string, onObject: boolean): Operation {
  const routed = [...resource.http.operations, ...(resource.http.deniedOperations ?? [])];
  const sameMethod = (operation: Operation) => OPERATION_METHODS[operation].method === method;
  // A collection write (PUT /sra_cart_content) is the object operation served on the collection path too.
  return (routed.find((operation) => sameMethod(operation) && OPERATION_METHODS[operation].onObject === onObject) ??
    routed.find(sameMethod))!;
}

/** A routed operation whose privilege is `false` (GET /auth): 403 for every caller, root included. */
function deniedOperationObject(
  resource: ResourceDefinition,
  operation: Operation,
  tag: string,
  idParams: string[],
): Record<string, unknown> {
  return {
    tags: [tag],
    operationId: `${tag}_${operation}`,
    summary: `${operationSummary(resource, operation, tag)} (forbidden)`,
    description: 'Forbidden to everyone, a root administrator included (CS-Cart routes it with the privilege `false`).',
    parameters: idParams.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    responses: Object.fromEntries(['401', '403', '429', '500', '503'].map((status) => [status, errorRef(status)])),
  };
}
