import { findEntity } from '../entities/registry.js';
import type { EntityDefinition } from '../entities/types.js';
import type { RestCall, RestRequest } from './rest-call.js';
import { isOutcome, refusalOf, refused, rowsOf, type ToolOutcome } from './tool-outcome.js';
import { idArgumentOf, structuredOf } from './tool-schemas.js';
import type { ToolSpec } from './tool-types.js';

/** Tool arguments, as the client sent them (an object; its values still unchecked). */
export type ToolArguments = Record<string, unknown>;

/** A scalar argument as query text: a string or a number as is, a list of them (ids) comma-joined. */
export function queryValue(name: string, value: unknown): string | ToolOutcome {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    return value.join(',');
  return refused(`The ${name} argument must be a string or a number`);
}

/** Arguments as the query of a list (each one text); a refusal for a value no query can carry. */
export function queryOf(args: ToolArguments): Record<string, string> | ToolOutcome {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const text = queryValue(name, value);
    if (isOutcome(text)) return text;
    query[name] = text;
  }
  return query;
}

export function idOf(entity: EntityDefinition, args: ToolArguments): string | ToolOutcome {
  const name = idArgumentOf(entity);
  const value = args[name];
  if (value === undefined || value === null || value === '') return refused(`The ${name} argument is required`);
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isInteger(value)))
    return refused(`The ${name} argument must be ${entity.http.idKind === 'name' ? 'a name' : 'an id'}`);
  return String(value);
}

/** The REST request of an entity tool's call, or the refusal of arguments no request could carry. */
function requestOf(entity: EntityDefinition, tool: ToolSpec, args: ToolArguments): RestRequest | ToolOutcome {
  const { operation } = tool.judgedAs;
  const base = { entity: entity.name, operation };
  if (operation === 'list') {
    const query = queryOf(args);
    return isOutcome(query) ? query : { ...base, query };
  }
  if (operation === 'create') {
    const { idempotency_key: _key, ...body } = args;
    return { ...base, body };
  }
  const id = idOf(entity, args);
  if (isOutcome(id)) return id;
  if (operation === 'update') {
    const { idempotency_key: _key, [idArgumentOf(entity)]: _id, ...body } = args;
    return { ...base, id, body };
  }
  return { ...base, id };
}

/** Runs an entity tool: its REST operation, in-process, as the caller. */
export async function callEntityTool(tool: ToolSpec, args: ToolArguments, rest: RestCall): Promise<ToolOutcome> {
  const entity = findEntity(tool.judgedAs.entity);
  if (!entity) return refused(`Not Found: The Entity ${tool.judgedAs.entity} not found`, 404);
  const request = requestOf(entity, tool, args);
  if (isOutcome(request)) return request;
  const answer = await rest(request);
  if (answer.status >= 400) return refusalOf(answer);
  const name = entity.name.replace(/_/g, ' ');
  const idName = idArgumentOf(entity);
  switch (request.operation) {
    case 'list': {
      const { rows, total, next } = rowsOf(answer.body);
      const of = total === undefined ? '' : ` of ${total}`;
      return {
        ok: true,
        structured: structuredOf(answer.body, tool.outputSchema),
        text: `${rows}${of} ${name}${next ? '; more: pass params.next as cursor' : ''}.`,
      };
    }
    case 'delete':
      return {
        ok: true,
        structured: { deleted: true, [idName]: request.id! },
        text: `Deleted ${name} ${idName}=${request.id}.`,
      };
    default: {
      const structured = structuredOf(answer.body, tool.outputSchema);
      // An answer may name its id otherwise than the records do: POST /stores answers `store_id`.
      const answerKey = answerIdKey(entity, request.operation) ?? idName;
      const id = request.id ?? structured[answerKey] ?? '';
      const verb = { get: 'Read', create: 'Created', update: 'Updated' }[request.operation];
      return { ok: true, structured, text: `${verb} ${name} ${answerKey}=${String(id)}.` };
    }
  }
}

/** The id's key in a POST or PUT answer that declares its keys (`{"store_id": 1}`); the records' id key otherwise. */
function answerIdKey(entity: EntityDefinition, operation: string): string | undefined {
  const keys = operation === 'create' || operation === 'update' ? entity.http.answers?.[operation] : undefined;
  return keys ? Object.keys(keys).find((key) => key.endsWith('_id')) : undefined;
}
