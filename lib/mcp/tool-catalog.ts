import type { EntityDefinition, Operation } from '../entities/types.js';
import { operationSummary } from '../openapi/path-operations.js';
import { taskTools } from './task-tool-specs.js';
import { idArgumentOf, inputSchemaOf, outputSchemaOf } from './tool-schemas.js';
import type { ToolSpec } from './tool-types.js';

export type { ToolSpec };

/**
 * Every MCP tool the server knows (docs/api.md "MCP tools"), generated from the entity definitions as the OpenAPI
 * document is: per entity, one tool per operation it serves, and the task tools on top. Who is offered which is
 * decided per caller (lib/mcp/offer.ts) by the same authorization a REST request of `judgedAs` meets.
 */

const VERBS: Record<Operation, string> = {
  list: 'Lists',
  get: 'Reads one of',
  create: 'Creates one of',
  update: 'Changes one of',
  delete: 'Deletes one of',
};

/** Entities an API user reaches over MCP: every one but the storefront's (a shopper's token, not an API key). */
export const servesMcp = (entity: EntityDefinition) => !entity.http.storefrontAccess;

function describe(entity: EntityDefinition, operation: Operation): string {
  const what = `${VERBS[operation]} the store's ${entity.name.replace(/_/g, ' ')}`;
  const id = idArgumentOf(entity);
  const how: Record<Operation, string> = {
    list: `(GET /api/2.0/${entity.name}): filters, sort_by/sort_order and items_per_page as the REST list takes them; pass the answer's params.next as \`cursor\` for the next page.`,
    get: `(GET /api/2.0/${entity.name}/{${id}}) by \`${id}\`.`,
    create: `(POST /api/2.0/${entity.name}): the arguments are the request body; \`idempotency_key\` makes a retry safe.`,
    update: `(PUT /api/2.0/${entity.name}/{${id}}): \`${id}\` names it, the other arguments are the fields to change; \`idempotency_key\` makes a retry safe.`,
    delete: `(DELETE /api/2.0/${entity.name}/{${id}}) by \`${id}\`.`,
  };
  const vendors = entity.http.vendorScoped ? " A vendor sees and changes its own company's objects only." : '';
  return `${what} ${how[operation]}${vendors} Errors carry the API's own message.`;
}

export function entityTools(entities: readonly EntityDefinition[]): ToolSpec[] {
  const tools: ToolSpec[] = [];
  for (const entity of entities) {
    if (!servesMcp(entity)) continue;
    const denied = entity.http.deniedOperations ?? [];
    for (const operation of entity.http.operations) {
      if (denied.includes(operation)) continue;
      const writes = operation !== 'list' && operation !== 'get';
      tools.push({
        name: `${entity.name}_${operation}`,
        description: describe(entity, operation),
        inputSchema: inputSchemaOf(entity, operation),
        outputSchema: outputSchemaOf(entity, operation),
        annotations: {
          title: operationSummary(entity, operation, entity.name),
          readOnlyHint: !writes,
          destructiveHint: operation === 'delete' || operation === 'update',
          idempotentHint: !writes || operation === 'delete',
          openWorldHint: false,
        },
        judgedAs: { entity: entity.name, operation },
        writes,
      });
    }
  }
  return tools;
}

/** The whole catalogue: the task tools first (what an assistant reaches for), then every entity's. */
export function allTools(entities: readonly EntityDefinition[]): ToolSpec[] {
  const byName = new Map(entities.map((entity) => [entity.name, entity]));
  return [...taskTools(byName), ...entityTools(entities)];
}
