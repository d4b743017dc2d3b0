import { type EntityReader, readerOf } from '../db/entity-reader.js';
import { type EntityRepository, repositoryOf } from '../db/repository.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import { instanceTable } from './instance-table.js';

/** The repository of `def` over this instance's table (lib/operations/instance-table.ts): for an operation composed at module scope. */
export function instanceRepository<D extends StoredEntityDefinition>(def: D): EntityRepository<D> {
  return repositoryOf(def, instanceTable);
}

/**
 * The reads of `def` over this instance's table: for an operation that only reads another entity, so its function's
 * bundle carries no write path.
 */
export function instanceReader<D extends StoredEntityDefinition>(def: D): EntityReader<D> {
  return readerOf(def, instanceTable);
}
