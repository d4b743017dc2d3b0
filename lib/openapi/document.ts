import { changeEventSchema } from '../entities/change-event-schema.js';
import { ENTITIES } from '../entities/registry.js';
import type { EntityDefinition } from '../entities/types.js';
import { answerSchema } from './answer-schemas.js';
import { batchPath, batchPathOf } from './batch.js';
import { DESCRIPTION, versionServers } from './introduction.js';
import { addResource } from './path-operations.js';
import { ERRORS, errorSchema, json, RESPONSE_HEADERS } from './responses.js';
import { STOREFRONT_SECURITY_SCHEMES } from './storefront.js';
import { inTagOrder } from './tag-order.js';
// --- webhooks (issue 20) ---
import { webhooksSection } from './webhooks.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the entity definitions (lib/entities/) — the same
 * field tables that validate bodies and present answers — so it cannot drift from what the API does.
 * Served at /api/openapi.json and /api/2.0/openapi.json (functions/docs/openapi.ts), which puts the
 * deployment's own URL into the servers. Assembled here from path-operations.ts (each path's operations, with
 * parameters.ts and answer-schemas.ts) and responses.ts (the shared error responses and headers).
 */

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
