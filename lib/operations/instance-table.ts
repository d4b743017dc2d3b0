import { type EntityRepository, repositoryOf } from '../db/repository.js';
import { defaultTableContext, type TableContext } from '../db/table-context.js';
import type { StoredEntityDefinition } from '../entities/types.js';

/**
 * The composition root of the operations: the one table context the functions' operations are built over — this
 * instance's table (TABLE_NAME, the shared document client), its layout, id blocks and clock, one per container, as
 * Powertools builds its persistence layer at module scope and the serverless TypeScript demo its `ProductStore`.
 * Each aggregate's index.ts builds its store from it (`cartStoreOn(instanceTable)`), lib/handlers/entity-handler.ts
 * the plain entities' repositories; the operations themselves take a store or a repository and never reach for a
 * table. A test builds the same stores and repositories over a context of its own (tableContextOf).
 */
export const instanceTable: TableContext = defaultTableContext();

/** The repository of `def` over this instance's table: for an operation composed at module scope. */
export function instanceRepository<D extends StoredEntityDefinition>(def: D): EntityRepository<D> {
  return repositoryOf(def, instanceTable);
}
