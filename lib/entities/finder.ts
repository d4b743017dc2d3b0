import type { EntityDefinition } from './types.js';

/** The entity a path segment names (case-insensitive), among those a function knows; undefined for any other. */
export type EntityFinder = (name: string) => EntityDefinition | undefined;

/**
 * A finder over some entities. A function routes with the entities it serves (lib/stack/api-handler.ts) rather than
 * the whole registry, so its bundle holds those definitions only, and its cold start compiles and runs only them.
 */
export function entityFinder(entities: readonly EntityDefinition[]): EntityFinder {
  const byName = new Map(entities.map((entity) => [entity.name, entity]));
  return (name) => byName.get(name.toLowerCase());
}
