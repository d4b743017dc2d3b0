import { authorize } from '../auth/authorize.js';
import type { Caller } from '../entities/caller.js';
import { OPERATION_METHODS } from '../entities/methods.js';
import { findEntity } from '../entities/registry.js';
import type { Operation } from '../entities/types.js';
import { ForbiddenError } from '../errors.js';
import { parseApiPath } from '../http/api-path.js';
import { resolveRoute } from '../http/route.js';
import type { ToolSpec } from './tool-types.js';

/**
 * The tools a caller is offered: those whose REST operation (`judgedAs`) the caller may use, judged by the API's own
 * authorization (lib/auth/authorize.ts) on the route that operation resolves to — the privileges of an administrator,
 * a vendor's entities and editions, a root's everything — and no write tool at all when MCP writes are off. A tool
 * not offered may still be called: the REST stack then refuses it with its own 403 (lib/mcp/tool-call.ts).
 */
export async function offeredTools(caller: Caller, tools: readonly ToolSpec[], writesOn: boolean): Promise<ToolSpec[]> {
  const verdicts = new Map<string, Promise<boolean>>();
  const allowed = (entity: string, operation: Operation) => {
    const key = `${entity}.${operation}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = mayUse(caller, entity, operation);
      verdicts.set(key, verdict);
    }
    return verdict;
  };
  const offered = await Promise.all(
    tools.map(async (tool) =>
      (!tool.writes || writesOn) && (await allowed(tool.judgedAs.entity, tool.judgedAs.operation)) ? tool : undefined,
    ),
  );
  return offered.filter((tool): tool is ToolSpec => tool !== undefined);
}

async function mayUse(caller: Caller, entityName: string, operation: Operation): Promise<boolean> {
  const entity = findEntity(entityName);
  if (!entity) return false;
  const { method, onObject } = OPERATION_METHODS[operation];
  const id = onObject ? (entity.http.idKind === 'name' ? '/name' : '/1') : '';
  const route = resolveRoute(method, parseApiPath(`/api/2.0/${entity.name}${id}`, {}), findEntity);
  try {
    await authorize(caller, route);
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError) return false;
    throw error;
  }
}
