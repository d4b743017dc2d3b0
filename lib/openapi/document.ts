import { answerKeys } from '../entities/answers.js';
import { changeEventSchema } from '../entities/change-event-schema.js';
import { OPERATION_METHODS, pathMethods } from '../entities/methods.js';
import { ACTIONS } from '../entities/product-variations.js';
import { ENTITIES } from '../entities/registry.js';
import type {
  EntityDefinition,
  Operation,
  PrivilegeRule,
  ResourceDefinition,
  StoredEntityDefinition,
  WriteOperation,
} from '../entities/types.js';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from '../http/paging.js';
import { batchPath, batchPathOf } from './batch.js';
import { DESCRIPTION, versionServers } from './introduction.js';
import { bodySchema, outputSchema, representationSchema, type Schema } from './schemas.js';
import { STOREFRONT_SECURITY_SCHEMES, storefrontOperation } from './storefront.js';
import { inTagOrder } from './tag-order.js';
// --- webhooks (issue 20) ---
import { webhooksSection } from './webhooks.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the entity definitions (lib/entities/) — the same
 * field tables that validate bodies and present answers — so it cannot drift from what the API does.
 * Served at /api/openapi.json and /api/2.0/openapi.json (functions/docs/openapi.ts), which puts the
 * deployment's own URL into the servers.
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

const errorSchema: Schema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    status: { type: 'integer' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
  },
  required: ['message', 'status'],
};

const ERRORS: Record<string, { name: string; description: string; headers?: Record<string, unknown> }> = {
  '400': {
    name: 'BadRequest',
    description: 'Malformed body, a missing or invalid field, or a rule of the entity (the message says which).',
  },
  '401': {
    name: 'Unauthorized',
    description: 'Missing or wrong credentials.',
    headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Basic realm="User email/API key"' } } },
  },
  '403': {
    name: 'Forbidden',
    description: 'A privilege is missing, the escalation guard refused, or vendors may not do this.',
  },
  '404': { name: 'NotFound', description: 'Unknown entity, or no such object (for a vendor: none of its company).' },
  '405': {
    name: 'MethodNotAllowed',
    description: 'The method does not fit the path (the `Allow` header lists the ones that do).',
    headers: { Allow: { schema: { type: 'string' } } },
  },
  '409': {
    name: 'Conflict',
    description:
      'The object kept changing under the request, or a request with the same Idempotency-Key is still in progress; retrying is safe.',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
  },
  '412': {
    name: 'PreconditionFailed',
    description: 'If-Match named no tag of the object as it is now; nothing was changed.',
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The body is over 1 MiB (a batch: over 10 MB, or over 100 operations).',
  },
  '415': { name: 'UnsupportedMediaType', description: 'A Content-Type other than JSON, text/plain or form encoding.' },
  '422': {
    name: 'UnprocessableEntity',
    description: 'The Idempotency-Key was already used by this user for another request (method, path, query or body).',
  },
  '429': {
    name: 'TooManyRequests',
    description: "Too many failed logins for this e-mail and address, or the API user's rate-limit bucket is empty.",
    headers: {
      'Retry-After': { schema: { type: 'string' } },
      'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
    },
  },
  '500': { name: 'InternalServerError', description: 'An unexpected failure; nothing internal is shown.' },
  '503': {
    name: 'ServiceUnavailable',
    description: 'The database is throttling or unreachable; nothing was written.',
    headers: { 'Retry-After': { schema: { type: 'string' } } },
  },
};

const errorRef = (status: string) => ({ $ref: `#/components/responses/${ERRORS[status]!.name}` });

function errorsFor(operation: Operation): Record<string, unknown> {
  const statuses = ['400', '401', '403', '404', '405', '429', '500', '503'];
  if (operation === 'create' || operation === 'update') statuses.push('409', '413', '415', '422');
  if (operation === 'delete') statuses.push('409');
  if (operation === 'update' || operation === 'delete') statuses.push('412');
  return Object.fromEntries(statuses.sort().map((status) => [status, errorRef(status)]));
}

const json = (schema: Schema) => ({ 'application/json': { schema } });

/** Response headers of the per-user rate limit (lib/db/rate-limit.ts) and of idempotent replays. */
const RESPONSE_HEADERS: Record<string, { description: string; schema: Schema }> = {
  'RateLimit-Limit': {
    description: "The size of the API user's token bucket (requests that may be sent at once).",
    schema: { type: 'string' },
  },
  'RateLimit-Remaining': { description: 'Tokens left in the bucket after this request.', schema: { type: 'string' } },
  'RateLimit-Reset': { description: 'Seconds until the bucket is full again.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', const: 'true' },
  },
};
const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Makes a retry safe: the same user, key, method, path and body within 24 h get the first answer again (with Idempotent-Replayed: true); another request with the key → 422; while the first runs → 409.',
};

const isStored = (resource: ResourceDefinition): resource is StoredEntityDefinition => 'storage' in resource;

const searchEcho: Schema = {
  type: 'object',
  properties: {
    page: { type: 'integer' },
    items_per_page: { type: 'integer' },
    sort_by: { type: 'string' },
    sort_order: { type: 'string', enum: ['asc', 'desc'] },
    total_items: { type: 'integer' },
    next: { type: ['string', 'null'], description: 'The cursor of the next page (`?cursor=`); null on the last page.' },
  },
  required: ['page', 'items_per_page', 'sort_by', 'sort_order', 'total_items'],
};

function listSchema(resource: ResourceDefinition): Schema {
  if (resource.answerSchemas?.list) return resource.answerSchemas.list;
  const alternative = resource.collection?.byParameter;
  if (!alternative) return mainListSchema(resource);
  const row = representationSchema(resource, alternative.view, alternative.extraRowFields);
  for (const name of alternative.omitFields ?? []) {
    delete (row.properties as Record<string, Schema>)[name];
    row.required = (row.required as string[]).filter((field) => field !== name);
  }
  const keyed = {
    type: 'object',
    additionalProperties: row,
    description: `With \`${alternative.parameter}\`: keyed by id; no wrapper, no paging.`,
  };
  return { anyOf: [mainListSchema(resource), keyed] };
}

/** A row's fields that a boolean switch adds (`GET /features?variants=true`): present only when asked for. */
function withSwitchedProperties(resource: ResourceDefinition, row: Schema): Schema {
  const switched = Object.values(resource.collection?.switchedFields ?? {});
  if (switched.length === 0) return row;
  const properties = { ...(row.properties as Record<string, Schema>) };
  for (const field of switched) properties[field] = outputSchema(resource.fields[field]!, 'single');
  return { ...row, properties };
}

function mainListSchema(resource: ResourceDefinition): Schema {
  if (resource.collection?.schema) return resource.collection.schema;
  const shape = resource.collection?.shape ?? 'wrapped';
  const rows = resource.collection?.rowsOf ?? resource;
  const row = withSwitchedProperties(resource, representationSchema(rows, 'list', resource.collection?.extraRowFields));
  if (shape === 'object') return representationSchema(resource, 'single');
  if (shape === 'list')
    return { type: 'array', items: row, description: 'Every object, by id ascending; no wrapper, no paging.' };
  if (shape === 'keyed') return { type: 'object', additionalProperties: row, description: 'Keyed by id; no paging.' };
  const key = resource.collection?.key ?? (isStored(resource) ? resource.collectionKey : resource.name);
  const rowsSchema = resource.collection?.keyedBy
    ? {
        type: 'object',
        additionalProperties: row,
        description: `Keyed by ${resource.collection.keyedBy}, in the page's order.`,
      }
    : { type: 'array', items: row };
  return {
    type: 'object',
    properties: { [key]: rowsSchema, params: searchEcho, search: searchEcho },
    required: [key, 'params', 'search'],
  };
}

function answerSchema(resource: ResourceDefinition, operation: WriteOperation): Schema {
  const custom = resource.answerSchemas?.[operation];
  if (custom) return custom;
  const extras = isStored(resource) ? (resource.answerExtras?.[operation] ?? {}) : {};
  // The same keys and types lib/entities/answers.ts writes; a string id is digits (the URL segment, or a hash).
  const properties: Record<string, Schema> = Object.fromEntries(
    Object.entries(answerKeys(resource, operation)).map(([key, type]) => [
      key,
      type === 'integer' ? { type: 'integer' } : { type: 'string', pattern: '^[0-9]+$' },
    ]),
  );
  for (const [key, value] of Object.entries(extras)) properties[key] = { type: typeof value };
  return { type: 'object', properties, required: Object.keys(properties) };
}

function privilegeText(rule: PrivilegeRule | 'none', operation: Operation): string {
  if (rule === 'none') return 'Any authenticated user (every user type, every edition).';
  const names = operation === 'list' || operation === 'get' ? rule.read : (rule[operation] ?? rule.write);
  return `Privileges: ${names.map((name) => `\`${name}\``).join(', ')} (a root administrator has all).`;
}

function vendorText(resource: ResourceDefinition, operation: Operation): string {
  if (!resource.vendorAccess) return ' Vendors: 403.';
  if (resource.vendorReadOnly && operation !== 'list' && operation !== 'get')
    return ' Vendors: 403 (read-only for them).';
  if (isStored(resource) && resource.vendorScoped) return " Vendors: their own company's objects only.";
  return ' Vendors may use it.';
}

function queryParameters(resource: ResourceDefinition): unknown[] {
  const sortKeys =
    resource.sortKeys ?? (isStored(resource) ? ['id', ...Object.keys(resource.sortRules ?? {})] : undefined);
  const paging = ['keyed', 'object', 'list'].includes(resource.collection?.shape ?? 'wrapped')
    ? []
    : [
        {
          name: 'page',
          in: 'query',
          schema: { type: 'string', pattern: '^-?[0-9]+$' },
          description: 'Default 1; values below 1 mean 1.',
        },
        {
          name: 'items_per_page',
          in: 'query',
          schema: { type: 'string', pattern: '^[0-9]+$' },
          description: `1 to ${MAX_ITEMS_PER_PAGE}, default ${DEFAULT_ITEMS_PER_PAGE}.`,
        },
        { name: 'sort_order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
        ...(sortKeys
          ? [
              {
                name: 'sort_by',
                in: 'query',
                schema: { type: 'string', enum: [...sortKeys] },
                description: 'Unknown values fall back to id.',
              },
            ]
          : []),
        ...(isStored(resource) || CURSOR_LISTS.has(resource.name) ? [CURSOR_PARAMETER] : []),
      ];
  const filters = Object.entries(resource.filters ?? {}).map(([name, spec]) => ({
    name,
    in: 'query',
    ...(spec.requiredInQuery ? { required: true } : {}),
    schema:
      spec.kind === 'enum'
        ? { type: 'string', enum: [...(spec.values ?? [])] }
        : spec.kind === 'flag'
          ? { type: 'string', enum: ['Y', 'N'] }
          : { type: 'string' },
    description: `Filter (${spec.kind}); an invalid value is a 400.${spec.requiredInQuery ? ' Required: without it → 400 naming it.' : ''}${spec.note ? ` ${spec.note}` : ''}`,
  }));
  const switches = Object.entries(resource.collection?.switchedFields ?? {}).map(([name, field]) => ({
    name,
    in: 'query',
    schema: { type: 'string', enum: ['true', 'false', 'Y', 'N', '1', '0'] },
    description: `true: each row carries \`${field}\` as the single object shows it. Any other value is a 400.`,
  }));
  return [...paging, ...filters, ...switches];
}

/** Lists off the entity framework that take `cursor` too (functions/users/list.ts). */
const CURSOR_LISTS = new Set(['users', 'events']);

const CURSOR_PARAMETER = {
  name: 'cursor',
  in: 'query',
  schema: { type: 'string' },
  description:
    '`params.next` of the previous page: continues right after it. 400 when forged, altered, used with other filters or sort, or with `page`.',
};

const ETAG_HEADER = { ETag: { schema: { type: 'string' }, description: 'Strong entity tag of the representation.' } };
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  schema: { type: 'string' },
  description: 'Entity tags (or `*`); a match → 304.',
};
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  schema: { type: 'string' },
  description:
    'Entity tags from a GET (or `*`): the write happens only while the object still has one of them, else 412.',
};

const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];

function operationObject(
  resource: ResourceDefinition,
  operation: Operation,
  tag: string,
  idParams: string[],
): Record<string, unknown> {
  const byName = (name: string) =>
    resource.idKind === 'name' &&
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
      if (resource.createMayAnswer200)
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
    description: privilegeText(resource.privileges, operation) + vendorText(resource, operation),
    parameters,
    ...body,
    responses,
  };
}

/** Lists under each path exactly the methods lib/entities/methods.ts `pathMethods` gives (the router's `Allow`). */
function addResource(
  paths: Record<string, Record<string, unknown>>,
  base: string,
  resource: ResourceDefinition,
  tag: string,
  idParams: string[],
  objectParam: string,
): void {
  const denied = resource.deniedOperations ?? [];
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
  const routed = [...resource.operations, ...(resource.deniedOperations ?? [])];
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

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  // In page order, so the document reads as the page shows it.
  const byName = new Map((Object.values(ENTITIES) as EntityDefinition[]).map((entity) => [entity.name, entity]));
  const entities = inTagOrder([...byName.keys()]).map((name) => byName.get(name)!);
  for (const entity of entities) {
    addResource(paths, `/${entity.name}`, entity, entity.name, [], 'id');
    const batch = batchPath(entity, `${entity.name}_batch`, (operation) => answerSchema(entity, operation));
    if (batch) paths[batchPathOf(`/${entity.name}`)] = { post: batch };
    for (const nested of Object.values(entity.nested ?? {})) {
      addResource(paths, `/${entity.name}/{id}/${nested.name}`, nested, entity.name, ['id'], 'nestedId');
    }
  }
  const events = webhooksSection();
  return {
    openapi: '3.1.0',
    info: { title: 'Store API', version: '1.0', description: DESCRIPTION },
    servers: versionServers(''),
    security: [{ basicAuth: [] }],
    tags: entities.map((entity) => ({ name: entity.name })),
    paths,
    webhooks: events.webhooks,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'E-mail as the user name, API key as the password.' },
        ...STOREFRONT_SECURITY_SCHEMES,
      },
      schemas: { Error: errorSchema, ChangeEvent: changeEventSchema, ...events.schemas },
      headers: RESPONSE_HEADERS,
      responses: Object.fromEntries(
        Object.values(ERRORS).map(({ name, description, headers }) => [
          name,
          { description, ...(headers ? { headers } : {}), content: json({ $ref: '#/components/schemas/Error' }) },
        ]),
      ),
    },
  };
}
