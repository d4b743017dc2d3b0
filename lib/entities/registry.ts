import { entityFinder } from './finder.js';
import { DEPLOYED_ENTITIES } from './registry.generated.js';
import type { EntityDefinition } from './types.js';

/**
 * Every entity the API knows, by lower-case path segment: the `…Entity` exports of lib/entities/*.ts that
 * have a `deployment` block, listed by `npm run generate` in registry.generated.ts.
 */
export const ENTITIES: Readonly<Record<string, EntityDefinition>> = Object.freeze(
  Object.fromEntries(DEPLOYED_ENTITIES.map((entity) => [entity.name, entity])),
);

/** Any entity of the API by its path segment: for what serves every route (the dispatchers, MCP, the panel). */
export const findEntity = entityFinder(DEPLOYED_ENTITIES);
