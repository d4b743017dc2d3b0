import { presetValue } from '../db/preset-ids.js';
import { uniqueMarker } from '../db/unique-marker.js';
import { STATUS_PARAM_DEFAULTS, statusesEntity } from '../entities/statuses.js';
import type { FieldValues } from '../entities/validate.js';
import { ConflictError, ValidationError } from '../errors.js';
import type { EntityHooks } from './crud.js';
import { instanceReader } from './instance-repository.js';

const statuses = /* @__PURE__ */ instanceReader(statusesEntity);

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One marker per (type, letter): `STATUSLETTER#<type>#<letter>`. */
const statusLetters = uniqueMarker('STATUSLETTER');
const letterMarker = (type: string, letter: string) => statusLetters.claim(`${type}#${letter}`);

/**
 * A status's `params` are CS-Cart's flags, all strings; `inventory` decides whether orders in the
 * status hold stock, so it must be D (decrease) or I (increase).
 */
function checkParams(values: FieldValues): void {
  const params = values.params;
  if (params === undefined || Array.isArray(params)) return;
  const invalid = (message: string) => new ValidationError(message, [{ field: 'params', message }]);
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (typeof value !== 'string') throw invalid(`params.${key} must be a string`);
  }
  const { inventory } = params as Record<string, unknown>;
  if (inventory !== undefined && inventory !== 'D' && inventory !== 'I')
    throw invalid('params.inventory must be D or I');
}

const isParams = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;

/**
 * `params` with every recorded key: the ones sent over the ones the status had over the defaults (CS-Cart
 * writes the params sent and keeps the others). No params at all stays `[]`, as recorded (#124).
 */
function completeParams(sent: unknown, current?: unknown): unknown {
  if (!isParams(sent)) return sent;
  return { ...STATUS_PARAM_DEFAULTS, ...(isParams(current) ? current : {}), ...sent };
}

/** The letters the statuses of one type already use. */
async function lettersOf(type: string): Promise<Set<string>> {
  const ofType = await statuses.getMany(await statuses.idsIn('type', type));
  return new Set(ofType.map((status) => String(status.status)));
}

/**
 * A new status gets the first free letter of its type (whatever the body says, as in CS-Cart; an import the
 * source's letter when free); a
 * marker item per (type, letter), written in the same transaction, keeps two concurrent creates from
 * taking the same letter (the loser gets a 409 and may retry). Built-in statuses, and statuses that
 * orders are in, cannot be deleted.
 */
export const statusHooks: EntityHooks<typeof statusesEntity> = {
  create: async (values) => {
    checkParams(values);
    const used = await lettersOf(String(values.type));
    // An import keeps the source's letter when it is free here: its orders name their status by it.
    const kept = presetValue('status');
    const letter =
      typeof kept === 'string' && kept.length === 1 && LETTERS.includes(kept) && !used.has(kept)
        ? kept
        : [...LETTERS].find((candidate) => !used.has(candidate));
    if (!letter) throw new ValidationError(`Every status letter of type ${String(values.type)} is in use`);
    // A built-in status an import brings into a table that lacks it stays built in (the source's is_default).
    const builtIn = presetValue('is_default') === 'Y' ? 'Y' : 'N';
    const created: FieldValues = { ...values, status: letter, is_default: builtIn };
    if (values.params !== undefined) created.params = completeParams(values.params) as FieldValues[string];
    return created;
  },
  update: (changes, current) => {
    checkParams(changes);
    return changes.params === undefined
      ? changes
      : { ...changes, params: completeParams(changes.params, current.params) as FieldValues[string] };
  },
  // Statuses written before params were completed on write show every recorded key too.
  decorate: async (records) =>
    records.map((record) => (isParams(record.params) ? { ...record, params: completeParams(record.params) } : record)),
  extraItems: () => (record) => ({
    items: record.version === 1 ? [letterMarker(String(record.type), String(record.status))] : [],
    explain: () => new ConflictError('Another status took that letter at the same time; try again'),
  }),
  remove: async (current) => {
    if (current.is_default === 'Y') throw new ValidationError('A built-in status cannot be deleted');
    if (
      current.type === 'O' &&
      (await statuses.count({ storage: 'order', index: 'status', value: String(current.status) })) > 0
    ) {
      throw new ValidationError('Orders are in this status; move them to another status first');
    }
  },
  // The letter is free again once the status is gone.
  removeItems: (current) => [statusLetters.release(`${String(current.type)}#${String(current.status)}`)],
};
