import type { StoredEntityDefinition } from '../entities/types.js';
import { ConflictError } from '../errors.js';
import { nextId, raiseCounter } from './counters.js';
import { giveUpBlock, reserveId, skipIdsTo } from './id-blocks.js';
import { takePresetId } from './preset-ids.js';
import { ConditionFailed } from './transact.js';

/** How many ids a create tries before it gives up (409): each taken one moves it to the next id or block. */
const MAX_ID_ATTEMPTS = 4;

/**
 * Runs a create's write with a new id of the definition's sequence (from its counter, or from this instance's
 * block of it: lib/db/id-blocks.ts), and again with another id while the write finds its id taken (its first
 * transaction item, the record's Put, failing its `attribute_not_exists` condition). An id is taken only when a
 * record was written with a fixed id the counter had not been raised past; its neighbours are likely taken too, so
 * a block is given up rather than tried id by id. After MAX_ID_ATTEMPTS a 409: nothing was written.
 */
export async function withNewId<T>(def: StoredEntityDefinition, write: (id: number) => Promise<T>): Promise<T> {
  const { name, idBlock } = def.storage;
  for (let attempt = 1; ; attempt++) {
    const preset = takePresetId(name);
    const id = preset ?? (idBlock ? await reserveId(name, idBlock) : await nextId(name));
    try {
      return await write(id);
    } catch (error) {
      if (!(error instanceof ConditionFailed && error.failed.includes(0))) throw error;
      if (idBlock && preset === undefined) giveUpBlock(name);
      if (attempt >= MAX_ID_ATTEMPTS)
        throw new ConflictError(
          `No free ${name} id after ${MAX_ID_ATTEMPTS} tries: the ids the counter hands out are taken; nothing was created, try again`,
        );
    }
  }
}

/**
 * Records of the definition were written with fixed ids up to `last` (the store's built-in records, a bulk seed):
 * the counter is raised past them and this instance's block skips them, so no create is handed one.
 */
export async function idsTakenUpTo(def: StoredEntityDefinition, last: number): Promise<void> {
  await raiseCounter(def.storage.name, last);
  skipIdsTo(def.storage.name, last);
}
