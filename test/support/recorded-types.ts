/**
 * Compares one of our answers with what the recording says about the same kind of object: every recorded
 * key path present, every value in the recorded JSON type, nested lists and objects included (their shapes
 * from the recording's "nested shapes" prose). Keys we add beyond the recording are not differences
 * (clients ignore unknown keys); a missing key or another JSON type is. Maps keyed by ids compare the shape
 * of their values, not the ids.
 */
import type { RecordedField, RecordedSection, RecordedType } from './recording.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/**
 * How the recording's notation reads for fields whose example merely looks numeric: `str(int)` says "a string
 * holding an integer", but a zipcode ("01342"), a tax's registration number ("1234242") or a block's name
 * ("404") is text — any string is their type. A list row's `tax_ids` and a store's `shippings` are ids joined
 * by commas ("6", "1"): digits and commas, or "" for none. A category's or page's `id_path` is its ancestors' ids and
 * its own joined by slashes: the recording's example ("2") is a top-level one, a nested one reads "2/3".
 */
const TEXT_FIELDS = new Set(['zipcode', 'b_zipcode', 's_zipcode', 'regnumber', 'name']);
const CSV_FIELDS = new Set(['tax_ids', 'shippings']);
const PATH_FIELDS = new Set(['id_path']);

/** The type a recorded field is checked with (see above). */
export function readType(field: string, type: RecordedType): RecordedType {
  if (type !== 'str(int)') return type;
  if (TEXT_FIELDS.has(field)) return 'str';
  if (CSV_FIELDS.has(field)) return 'str(csv)';
  if (PATH_FIELDS.has(field)) return 'str(path)';
  return type;
}

/** Decimal places of a recorded example such as `"30.00"` (undefined when it shows none, or is cut). */
export function placesOf(example: string | undefined): number | undefined {
  const match = /^"-?\d+\.(\d+)"$/.exec(example ?? '');
  return match ? match[1]!.length : undefined;
}

/** Whether a value is of the recorded scalar/container type (containers' contents are checked separately). */
export function matchesType(type: RecordedType, value: unknown, places?: number): boolean {
  switch (type) {
    case 'str(int)':
      return typeof value === 'string' && /^-?\d+$/.test(value);
    case 'str(dec)':
      return (
        typeof value === 'string' &&
        (places === undefined ? /^-?\d+\.\d+$/ : new RegExp(`^-?\\d+\\.\\d{${places}}$`)).test(value)
      );
    case 'str':
      return typeof value === 'string';
    case 'str(csv)':
      return typeof value === 'string' && /^(\d+(,\d+)*)?$/.test(value);
    case 'str(path)':
      return typeof value === 'string' && /^\d+(\/\d+)*$/.test(value);
    case 'int':
      return Number.isInteger(value);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    // PHP writes an empty assoc array as `[]`: the recording itself shows it so (a block's `properties`, a status's `params`).
    case 'object':
      return isObject(value) || isEmptyList(value);
    case 'object{id:…}':
      return (isObject(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) || isEmptyList(value);
    case 'array(empty)':
      return Array.isArray(value);
    default: {
      const item = /^array<(.+)>$/.exec(type)?.[1];
      return item !== undefined && Array.isArray(value) && value.every((element) => matchesType(item, element));
    }
  }
}

/** The recorded shape of what sits under `path` (`shipping`, `main_pair.detailed`): its own name first, then its last key. */
function shapeOf(
  section: RecordedSection,
  path: string,
  suffix: '' | '[]' | '{}',
): Map<string, RecordedType> | undefined {
  const key = path.slice(path.lastIndexOf('.') + 1);
  return section.nested.get(`${path}${suffix}`) ?? (path !== key ? section.nested.get(`${key}${suffix}`) : undefined);
}

/** Differences of `value` (at `path`, recorded as `type`) from the recording, recursing into recorded nested shapes. */
export function differences(
  section: RecordedSection,
  path: string,
  type: RecordedType,
  value: unknown,
  places?: number,
): string[] {
  if (!matchesType(type, value, places)) {
    const shown = JSON.stringify(value);
    return [
      `${path}: recorded ${type}${places !== undefined ? ` with ${places} decimals` : ''}, ours ${shown === undefined ? 'absent' : shown.slice(0, 80)}`,
    ];
  }
  // PHP's empty array standing for an empty object has no keys to compare.
  if (isEmptyList(value) && type.startsWith('object')) return [];
  const found: string[] = [];
  const dotted = path.replace(/\[\d+\]|\{[^}]*\}/g, '');
  if (type === 'object') {
    const shape = shapeOf(section, dotted, '');
    if (shape) found.push(...keysDiffer(section, path, shape, value as Record<string, unknown>));
  } else if (type === 'object{id:…}') {
    const shape = shapeOf(section, dotted, '{}') ?? shapeOf(section, dotted, '');
    if (shape)
      for (const [id, inner] of Object.entries(value as Record<string, unknown>))
        found.push(...objectDiffers(section, `${path}{${id}}`, shape, inner));
  } else if (type.startsWith('array<object')) {
    const shape = shapeOf(section, dotted, '[]');
    if (shape)
      (value as unknown[]).forEach((inner, i) => found.push(...objectDiffers(section, `${path}[${i}]`, shape, inner)));
  }
  return found;
}

function objectDiffers(
  section: RecordedSection,
  path: string,
  shape: Map<string, RecordedType>,
  value: unknown,
): string[] {
  if (!isObject(value)) return [`${path}: recorded object, ours ${JSON.stringify(value)?.slice(0, 80)}`];
  return keysDiffer(section, path, shape, value);
}

function keysDiffer(
  section: RecordedSection,
  path: string,
  shape: Map<string, RecordedType>,
  value: Record<string, unknown>,
): string[] {
  return [...shape].flatMap(([key, type]) =>
    Object.hasOwn(value, key)
      ? differences(section, `${path}.${key}`, type, value[key])
      : [`${path}.${key}: recorded ${type}, ours absent`],
  );
}

/** Differences of one of our objects from a recorded field table, in one view (`list` row or `single` object). */
export function fieldDifferences(
  section: RecordedSection,
  fields: readonly RecordedField[],
  view: 'list' | 'single',
  ours: Record<string, unknown>,
  prefix = '',
): string[] {
  return fields.flatMap((field) => {
    const recorded = field[view];
    if (recorded === undefined) return [];
    const type = readType(field.field, recorded);
    const path = `${prefix}${field.field}`;
    if (!Object.hasOwn(ours, field.field)) return [`${path}: recorded ${type}, ours absent`];
    return differences(
      section,
      field.field,
      type,
      ours[field.field],
      type === 'str(dec)' ? placesOf(field.example) : undefined,
    ).map((d) => `${prefix}${d}`);
  });
}

/** The recorded type of a whole JSON value (for complete recorded answers): its JSON type, containers recursively. */
export function jsonShapeDifferences(path: string, recorded: unknown, ours: unknown, keyedByIds = false): string[] {
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  const numericString = (value: unknown) => typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);
  if (kind(recorded) !== kind(ours)) return [`${path}: recorded ${kind(recorded)}, ours ${kind(ours)}`];
  if (typeof recorded === 'string' && numericString(recorded) !== numericString(ours))
    return [`${path}: recorded ${JSON.stringify(recorded)}, ours ${JSON.stringify(ours)}`];
  if (Array.isArray(recorded)) {
    const ourList = ours as unknown[];
    return recorded.length === 0
      ? []
      : ourList.flatMap((item, i) => jsonShapeDifferences(`${path}[${i}]`, recorded[0], item));
  }
  if (!isObject(recorded)) return [];
  const ourObject = ours as Record<string, unknown>;
  if (keyedByIds) {
    // A map keyed by ids (an exception's combination): the ids are ours, the values' shape is the recording's.
    const sample = Object.values(recorded)[0];
    return Object.entries(ourObject).flatMap(([key, value]) => [
      ...(/^\d+$/.test(key) ? [] : [`${path}: key ${key} is not an id`]),
      ...(sample === undefined ? [] : jsonShapeDifferences(`${path}{${key}}`, sample, value)),
    ]);
  }
  return Object.entries(recorded).flatMap(([key, value]) =>
    Object.hasOwn(ourObject, key)
      ? jsonShapeDifferences(
          `${path}.${key}`,
          value,
          ourObject[key],
          isObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k)) && Object.keys(value).length > 0,
        )
      : [`${path}.${key}: ours absent`],
  );
}
