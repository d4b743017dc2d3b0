import type { StoredEntityDefinition } from '../entities/types.js';
import { ConflictError } from '../errors.js';
import { nextId, raiseCounter } from './counters.js';
import { entityKeys } from './entity-keys.js';
import { readItem } from './items.js';
import { takePresetId } from './preset-ids.js';
import type { TableContext } from './table-context.js';
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
export async function withNewId<T>(
  context: TableContext,
  def: StoredEntityDefinition,
  write: (id: number, seenFree: boolean) => Promise<T>,
  claimed?: Promise<ClaimedId>,
): Promise<T> {
  const { name, idBlock } = def.storage;
  for (let attempt = 1; ; attempt++) {
    // An import's kept source id (lib/db/preset-ids.ts) comes first; then an id claimed beside the first reads.
    const preset = takePresetId(name);
    const first = attempt === 1 && preset === undefined ? await claimed : undefined;
    const id = preset ?? first?.id ?? (await newId(context, def));
    try {
      // A claimed id seen taken is given up as a write that found it taken would be.
      if (first && !first.free) throw new ConditionFailed([0]);
      return await write(id, first?.free === true);
    } catch (error) {
      if (!(error instanceof ConditionFailed && error.failed.includes(0))) throw error;
      if (idBlock && preset === undefined) context.idBlocks.giveUpBlock(name);
      if (attempt >= MAX_ID_ATTEMPTS)
        throw new ConflictError(
          `No free ${name} id after ${MAX_ID_ATTEMPTS} tries: the ids the counter hands out are taken; nothing was created, try again`,
        );
    }
  }
}

/** A new id of the definition's sequence: from the context's block of it, or its counter. */
const newId = (context: TableContext, { storage: { name, idBlock } }: StoredEntityDefinition) =>
  idBlock ? context.idBlocks.reserveId(name, idBlock) : nextId(name, 0, context);

/** A new id of a sequence and whether its record's key was seen free (the read a create makes before its entries). */
export interface ClaimedId {
  id: number;
  free: boolean;
}

/**
 * A new id, its record's key read at once: started beside a create's other reads (an order's products, methods and
 * customer), that read joins theirs (lib/db/joined-reads.ts) instead of being a step of its own before the entries.
 * An id claimed by a create that is then refused (a 400) stays unused, as ids of a block an instance drops do.
 */
export async function claimId(context: TableContext, def: StoredEntityDefinition): Promise<ClaimedId> {
  const id = await newId(context, def);
  return { id, free: (await readItem(entityKeys.record(def.storage.name, id), context)) === undefined };
}

/**
 * Records of the definition were written with fixed ids up to `last` (the store's built-in records, a bulk seed):
 * the counter is raised past them and this instance's block skips them, so no create is handed one.
 */
export async function idsTakenUpTo(context: TableContext, def: StoredEntityDefinition, last: number): Promise<void> {
  await raiseCounter(def.storage.name, last, context);
  context.idBlocks.skipIdsTo(def.storage.name, last);
}
