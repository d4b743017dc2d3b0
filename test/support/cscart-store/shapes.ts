/**
 * How the CS-Cart double writes one stored record on the wire: exactly the recording's keys for that view (a list
 * row or the single object, test/fixtures/cscart-entities.md), each in the recording's JSON type. A product's id is
 * `"12"` in a list and `12` alone, its `category_ids` `[224]` in a list and `["224"]` alone, `tax_ids` a CSV string in
 * a list and a list alone — CS-Cart's own inconsistencies, which an importer must survive. A key the generator did
 * not fill takes the recording's example (when it is whole JSON of the right type) or a neutral value of the type.
 */
import { matchesType } from '../recorded-types.js';
import { type RecordedField, type RecordedType, recordedSections } from '../recording.js';

/** One record as the double stores it: CS-Cart's column names, values as CS-Cart keeps them (mostly strings). */
export type CsRow = Record<string, unknown>;

export type View = 'list' | 'single';

/** The recording's field table of a section (`products`, `product_variations_groups`, …); none for usergroups. */
export function recordedFields(section: string): readonly RecordedField[] | undefined {
  const found = recordedSections().get(section);
  return found && found.fields.length > 0 ? found.fields : undefined;
}

function neutral(type: RecordedType, example: string | undefined): unknown {
  if (example !== undefined && !example.endsWith('…')) {
    try {
      const parsed: unknown = JSON.parse(example);
      if (matchesType(type, parsed)) return parsed;
    } catch {
      // Not JSON (a description such as {A,P}): fall through to the type's neutral value.
    }
  }
  if (type === 'str(int)') return '0';
  if (type === 'str(dec)') return '0.00';
  if (type === 'int' || type === 'float') return 0;
  if (type === 'bool') return false;
  if (type === 'null') return null;
  if (type.startsWith('object')) return {};
  if (type.startsWith('array')) return [];
  return '';
}

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];

/** A stored value in a recorded type: numbers stringified or parsed, CSV strings and lists turned into each other. */
export function coerce(type: RecordedType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (type) {
    case 'str(int)':
    case 'str(dec)':
    case 'str':
      return Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : value;
    case 'int':
    case 'float': {
      // A bad record keeps its bad value (a price "abc" stays "abc"): the double sends what the source holds.
      const parsed = typeof value === 'string' ? Number(value) : value;
      return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : value;
    }
    case 'array<int>':
      return asList(value).map((item) => (typeof item === 'string' && /^-?\d+$/.test(item) ? Number(item) : item));
    case 'array<str(int)>':
      return asList(value).map((item) => (typeof item === 'number' ? String(item) : item));
    default:
      return value;
  }
}

/**
 * The record in one view: the recording's keys in the recording's order and types. Usergroups, which the recording
 * leaves to the seed (cscart-facts: ids and text as strings), are written as stored.
 */
export function render(section: string, row: CsRow, view: View): CsRow {
  const fields = recordedFields(section);
  if (!fields) return { ...row };
  const out: CsRow = {};
  for (const field of fields) {
    const type = field[view];
    if (type === undefined) continue;
    const stored = row[field.field];
    out[field.field] = stored === undefined ? neutral(type, field.example) : coerce(type, stored);
  }
  return out;
}

/** A nested object in the recording's shape (`products` of an order, `variants{}` of a feature, `prices[]`, …). */
export function renderNested(section: string, shape: string, row: CsRow): CsRow {
  const fields = recordedSections().get(section)?.nested.get(shape);
  if (!fields) throw new Error(`the recording has no nested shape ${shape} in ${section}`);
  const out: CsRow = {};
  for (const [key, type] of fields)
    out[key] = row[key] === undefined ? neutral(type, undefined) : coerce(type, row[key]);
  return out;
}
