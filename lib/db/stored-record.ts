import type { StoredEntityDefinition } from '../entities/types.js';
import type { StoredRecord } from './entity-items.js';

/**
 * A record as its item stores it. For a definition with `storage.omitConstants`, the constant fields that hold their
 * default are left out: a field no request writes (no `writableOn`) and that lib/db does not key, filter, sort or
 * project on. Every reader shows a missing field from its default (lib/entities/present.ts), so the answers are the
 * same, and the item is smaller — a product's 47 such fields (its empty `main_pair`, the `*_raw` nulls, …) are about
 * 1,000 of its 1,800 bytes, and DynamoDB bills each write by the started KB of the item (a transaction 2 units per
 * KB): a product under 1 KB halves what its own item costs in a create, an update and every order line that takes
 * its stock. A hook that sets such a field to anything but its default keeps it (a product's `company_name`).
 */
export function storedRecord(def: StoredEntityDefinition, record: StoredRecord): StoredRecord {
  const omitted = omittedConstants(def);
  if (omitted.size === 0) return record;
  return Object.fromEntries(
    Object.entries(record).filter(([field, value]) => {
      const constant = omitted.get(field);
      return constant === undefined || JSON.stringify(value) !== constant;
    }),
  ) as StoredRecord;
}

const cache = new WeakMap<StoredEntityDefinition, Map<string, string>>();

/** Field → its default as JSON, for the fields storedRecord may leave out. */
function omittedConstants(def: StoredEntityDefinition): Map<string, string> {
  let omitted = cache.get(def);
  if (omitted) return omitted;
  omitted = new Map();
  if (def.storage.omitConstants) {
    // Every name the storage facet mentions (indexes, rules, projections, references, …): such a field stays.
    const named = new Set(
      JSON.stringify(def.storage)
        .match(/"[A-Za-z0-9_]+"/g)
        ?.map((word) => word.slice(1, -1)),
    );
    for (const [field, spec] of Object.entries(def.schema.fields)) {
      if (
        spec.writableOn === undefined &&
        spec.default !== undefined &&
        !named.has(field) &&
        field !== def.schema.idField
      )
        omitted.set(field, JSON.stringify(spec.default));
    }
  }
  cache.set(def, omitted);
  return omitted;
}
