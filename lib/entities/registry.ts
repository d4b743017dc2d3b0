import { DEPLOYED_ENTITIES } from './registry.generated.js';
import type { EntityDefinition } from './types.js';

/**
 * Every entity the API knows, by lower-case path segment: the `…Entity` exports of lib/entities/*.ts that
 * have a `deployment` block, listed by `npm run generate` in registry.generated.ts.
 */
export const ENTITIES: Readonly<Record<string, EntityDefinition>> = Object.freeze(
  Object.fromEntries(DEPLOYED_ENTITIES.map((entity) => [entity.name, entity])),
);

export function findEntity(name: string): EntityDefinition | undefined {
  const key = name.toLowerCase();
  return Object.hasOwn(ENTITIES, key) ? ENTITIES[key] : undefined;
}
