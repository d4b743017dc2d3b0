import { type EntityRepository, repositoryOf } from '../db/repository.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import { instanceTable } from './instance-table.js';

/** The repository of `def` over this instance's table (lib/operations/instance-table.ts): for an operation composed at module scope. */
export function instanceRepository<D extends StoredEntityDefinition>(def: D): EntityRepository<D> {
  return repositoryOf(def, instanceTable);
}
