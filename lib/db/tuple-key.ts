import { ValidationError } from '../errors.js';

/**
 * A record's place in a list sorted in memory, as a keyset cursor carries it: `[sort value, id]` as JSON,
 * so ties on the value fall to the id. GET /users and the entity lists with an in-memory sort share it.
 */
export function tupleKey(value: string | number, id: number): string {
  return JSON.stringify([value, id]);
}

/** Reads a tupleKey back; a value of another kind than `kinds` allows, or anything else, is a 400. */
export function parseTupleKey(key: string, kinds: ReadonlyArray<'string' | 'number'>): [string | number, number] {
  try {
    const parsed: unknown = JSON.parse(key);
    if (
      Array.isArray(parsed) &&
      kinds.includes(typeof parsed[0] as 'string' | 'number') &&
      typeof parsed[1] === 'number'
    ) {
      return [parsed[0] as string | number, parsed[1]];
    }
  } catch {
    // fall through
  }
  throw new ValidationError('The cursor parameter does not fit this list');
}

/** Where a keyset page starts in a list sorted in memory: the first item beyond the cursor, or the end. */
export function firstBeyond<T>(items: readonly T[], isBeyond: (item: T, index: number) => boolean): number {
  const index = items.findIndex((item, i) => isBeyond(item, i));
  return index < 0 ? items.length : index;
}
