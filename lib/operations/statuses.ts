import { idsInIndex } from '../db/entity-list.js';
import { countOf, getRecords } from '../db/entity-store.js';
import { uniqueMarker } from '../db/unique-marker.js';
import { statusesEntity } from '../entities/statuses.js';
import { ConflictError, ValidationError } from '../errors.js';
import type { EntityHooks } from './crud.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One marker per (type, letter): `STATUSLETTER#<type>#<letter>`. */
const statusLetters = uniqueMarker('STATUSLETTER');
const letterMarker = (type: string, letter: string) => statusLetters.claim(`${type}#${letter}`);

/** The letters the statuses of one type already use. */
async function lettersOf(type: string): Promise<Set<string>> {
  const statuses = await getRecords(statusesEntity, await idsInIndex(statusesEntity, 'type', type));
  return new Set(statuses.map((status) => String(status.status)));
}

/**
 * A new status gets the first free letter of its type (whatever the body says, as in CS-Cart); a
 * marker item per (type, letter), written in the same transaction, keeps two concurrent creates from
 * taking the same letter (the loser gets a 409 and may retry). Built-in statuses, and statuses that
 * orders are in, cannot be deleted.
 */
export const statusHooks: EntityHooks = {
  create: async (values) => {
    const used = await lettersOf(String(values.type));
    const letter = [...LETTERS].find((candidate) => !used.has(candidate));
    if (!letter) throw new ValidationError(`Every status letter of type ${String(values.type)} is in use`);
    return { ...values, status: letter, is_default: 'N' };
  },
  extraItems: () => (record) => ({
    items: record.version === 1 ? [letterMarker(String(record.type), String(record.status))] : [],
    explain: () => new ConflictError('Another status took that letter at the same time; try again'),
  }),
  remove: async (current) => {
    if (current.is_default === 'Y') throw new ValidationError('A built-in status cannot be deleted');
    if (current.type === 'O' && (await countOf('order', 'status', String(current.status))) > 0) {
      throw new ValidationError('Orders are in this status; move them to another status first');
    }
  },
  // The letter is free again once the status is gone.
  removeItems: (current) => [statusLetters.release(`${String(current.type)}#${String(current.status)}`)],
};
