import type { ResourceDefinition } from '../entities/types.js';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE } from '../http/paging.js';
import { isStored } from './schemas.js';

/**
 * The parameters of the OpenAPI document's operations other than the path ids: a list's query (paging, sort,
 * cursor, filters, switches) and the request headers of idempotent writes and preconditions.
 */

export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Makes a retry safe: the same user, key, method, path and body within 24 h get the first answer again (with Idempotent-Replayed: true); another request with the key → 422; while the first runs → 409.',
};

export function queryParameters(resource: ResourceDefinition): unknown[] {
  const sortKeys =
    resource.docs?.sortKeys ??
    (isStored(resource) ? ['id', ...Object.keys(resource.storage.sortRules ?? {})] : undefined);
  const paging = ['keyed', 'object', 'list'].includes(resource.http.collection?.shape ?? 'wrapped')
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
  const filters = Object.entries(resource.schema.filters ?? {}).map(([name, spec]) => ({
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
  const switches = Object.entries(resource.http.collection?.switchedFields ?? {}).map(([name, field]) => ({
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

export const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  schema: { type: 'string' },
  description: 'Entity tags (or `*`); a match → 304.',
};
export const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  schema: { type: 'string' },
  description:
    'Entity tags from a GET (or `*`): the write happens only while the object still has one of them, else 412.',
};
