import { Big } from 'big.js';
import type { StoredValue } from '../entities/types.js';
import { padId } from './keys.js';
import { foldedText } from './text-items.js';

/**
 * Keys of the plain entities (lib/db/entity-store.ts; docs/data-model.md "Plain entities"):
 *
 * - the record:      `<STORAGE>#<id>` / `RECORD`
 * - an index item:   `IDX#<storage>#<index>#<value>` / `<padded id>`, for every equality index value
 *                    of the record and for the `all` index; it carries the record's projected fields
 * - a sort item:     `SORT#<storage>#<sort>` / `<encoded value>#<padded id>`
 * - a count:         `COUNT#<storage>` / `<index>#<value>`, how many records an index partition holds
 * - a text item:      `TXT#<storage>#<field>#<first character>` / `<token>#<padded id>` (lib/db/text-items.ts)
 *
 * A company-scoped copy (the definition's `companyScoped`) uses the storage `<storage>@<company_id>`
 * in the same builders: `IDX#product@3#status#A`, `SORT#product@3#price`, `COUNT#product@3`.
 */
export const ALL_INDEX = 'all';
export const RECORD_SK = 'RECORD';

export const entityKeys = {
  /** What every record key of a kind starts with (`PRODUCT#`): tells its records among items of several kinds. */
  recordPrefix: (storage: string) => `${storage.toUpperCase()}#`,
  record: (storage: string, id: number) => ({ pk: `${entityKeys.recordPrefix(storage)}${id}`, sk: RECORD_SK }),
  indexPartition: (storage: string, index: string, value: string | number) => `IDX#${storage}#${index}#${value}`,
  indexItem: (storage: string, index: string, value: string | number, id: number) => ({
    pk: entityKeys.indexPartition(storage, index, value),
    sk: padId(id),
  }),
  sortPartition: (storage: string, sort: string) => `SORT#${storage}#${sort}`,
  sortItem: (storage: string, sort: string, encoded: string, id: number) => ({
    pk: entityKeys.sortPartition(storage, sort),
    sk: `${encoded}#${padId(id)}`,
  }),
  countPartition: (storage: string) => `COUNT#${storage}`,
  count: (storage: string, index: string, value: string | number) => ({
    pk: `COUNT#${storage}`,
    sk: `${index}#${value}`,
  }),
  textPartition: (storage: string, field: string, shard: string) => `TXT#${storage}#${field}#${shard}`,
  /** The storage name of one company's copies of a company-scoped definition's items. */
  scoped: (storage: string, company: string | number) => `${storage}@${company}`,
} as const;

/** The values a record contributes to an equality index: each element of an id list, else the value itself. */
export function indexValues(value: StoredValue | undefined): Array<string | number> {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value))
    return value.filter((v): v is number | string => typeof v === 'number' || typeof v === 'string');
  if (typeof value === 'number' || typeof value === 'string') return [value];
  return [];
}

const NUMBER_WIDTH = 20;
const TEXT_WIDTH = 64;

/** `$`: the characters up to it are escaped in text sort keys (below). */
const LAST_ESCAPED = 0x24;

/** The layout from which text sort keys escape the characters that sort below their `#` (layout 6). */
export const ESCAPED_TEXT_SORT_LAYOUT = 6;

/**
 * A sort key whose string order is the value's order: non-negative numbers as zero-padded fixed-point
 * text (exact, from the decimal string), text lower-cased and cut to 64 characters (ties fall to the id).
 *
 * Text from layout 6 (`layout`: the record's): accents off too (lib/db/text-items.ts foldedText: "Émile" sorts
 * as "emile", as CS-Cart's MySQL collation has it), and the characters up to `$` (space, `!`, `"`, `#`, `$`,
 * controls) become `$` and a letter, in the same order. The `#` that ends the value then sorts below anything
 * the text holds, so a value sorts before every longer value it starts: "gam" before "gam 100", where a bare space
 * (below `#`) put "gam 100#…" first. Earlier layouts' keys are the text as it is.
 */
export function encodeSortValue(value: StoredValue | undefined, numeric: boolean, layout = Infinity): string {
  if (numeric) {
    let fixed = '0.0000';
    try {
      fixed = new Big(typeof value === 'number' || typeof value === 'string' ? value : 0).abs().toFixed(4);
    } catch {
      // Not a number: sorts first.
    }
    return fixed.padStart(NUMBER_WIDTH, '0');
  }
  if (layout < ESCAPED_TEXT_SORT_LAYOUT)
    return String(value ?? '')
      .toLowerCase()
      .slice(0, TEXT_WIDTH);
  let escaped = '';
  for (const char of foldedText(String(value ?? '')).slice(0, TEXT_WIDTH)) {
    const code = char.charCodeAt(0);
    escaped += code <= LAST_ESCAPED ? `$${String.fromCharCode(0x41 + code)}` : char;
  }
  return escaped;
}
