import { Big } from 'big.js';
import { type FieldError, ValidationError } from '../errors.js';
import type { FieldSpec, ResourceDefinition, StoredValue, WriteOperation } from './types.js';

export type FieldValue = StoredValue;
export type FieldValues = Record<string, FieldValue>;

// Deliberately simple: one @, no spaces, a dot in the domain. The real proof of an address is mail reaching it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_INT = 2_147_483_647;
/** Money and weights: at most 12 digits before the point (CS-Cart's decimal(12,2) columns). */
const DECIMAL_PATTERN = /^\d{1,12}(\.\d+)?$/;
const MAX_LIST_LENGTH = 100;

function toInt(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
}

const required = (field: string): FieldError => ({ field, message: `The ${field} field is required` });

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Checks one value against its spec; returns the normalised value or the reason it is wrong. */
export function checkValue(
  field: string,
  spec: FieldSpec,
  value: unknown,
): { value: FieldValue } | { error: FieldError } {
  const fail = (message: string) => ({ error: { field, message: `The ${field} field ${message}` } });
  switch (spec.kind) {
    case 'enum': {
      const text = typeof value === 'string' ? value.trim() : undefined;
      if (text === undefined || !spec.values?.includes(text)) {
        return fail(`must be one of: ${spec.values?.join(', ')}`);
      }
      return { value: text };
    }
    case 'int': {
      const n = toInt(value);
      if (!Number.isInteger(n) || n < 0 || n > MAX_INT) return fail('must be a non-negative integer');
      return { value: n };
    }
    case 'flag': {
      const text = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
      if (text !== 'Y' && text !== 'N') return fail('must be Y or N');
      return { value: text };
    }
    case 'decimal': {
      // Exact decimal text, never a binary float: 12.5 and "12.50" both become "12.50".
      const text =
        typeof value === 'number' && Number.isFinite(value)
          ? String(value)
          : typeof value === 'string'
            ? value.trim()
            : '';
      if (!DECIMAL_PATTERN.test(text)) return fail('must be a non-negative decimal number');
      return { value: new Big(text).toFixed(spec.places ?? 2) };
    }
    case 'intList': {
      // CS-Cart takes an array or a comma-separated string (`category_ids`).
      const items = Array.isArray(value)
        ? value
        : typeof value === 'string'
          ? value.split(',').filter((part) => part.trim() !== '')
          : typeof value === 'number'
            ? [value]
            : undefined;
      const ids = items?.map(toInt);
      const least = spec.minimum ?? 1;
      if (!ids || ids.length > MAX_LIST_LENGTH || ids.some((n) => !Number.isInteger(n) || n < least || n > MAX_INT)) {
        return fail(`must be a list of at most ${MAX_LIST_LENGTH} ${least === 0 ? 'integer' : 'positive integer'} ids`);
      }
      return { value: [...new Set(ids)] };
    }
    case 'object': {
      if (value === null || typeof value !== 'object') return fail('must be an object');
      return { value: value as Record<string, unknown> };
    }
    case 'email': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!EMAIL_PATTERN.test(text) || text.length > (spec.maxLength ?? 128)) {
        return fail('must be a valid e-mail address');
      }
      return { value: text };
    }
    case 'string': {
      if (typeof value !== 'string' && typeof value !== 'number') return fail('must be a string');
      const text = String(value);
      // Characters, not UTF-16 code units: an emoji counts once.
      if (spec.maxLength !== undefined && [...text].length > spec.maxLength) {
        return fail(`must be at most ${spec.maxLength} characters long`);
      }
      return { value: text };
    }
  }
}

/**
 * The writable fields of a request body for one operation, checked against the
 * resource's field table. Unknown and read-only keys are ignored (SPEC §2). Missing
 * required fields are reported first, in field-table order, then wrong values.
 */
export function readBodyFields(
  resource: ResourceDefinition,
  operation: WriteOperation,
  body: Record<string, unknown>,
): FieldValues {
  const missing: FieldError[] = [];
  const invalid: FieldError[] = [];
  const values: FieldValues = {};
  for (const [field, spec] of Object.entries(resource.schema.fields)) {
    if (!spec.writableOn?.includes(operation)) continue;
    const present = Object.hasOwn(body, field);
    const raw = present ? body[field] : undefined;
    const missingValue = spec.emptyAllowed ? raw === undefined || raw === null : isBlank(raw);
    if (spec.requiredOn?.includes(operation) && missingValue) {
      missing.push(required(field));
      continue;
    }
    if (!present) continue;
    const checked = checkValue(field, spec, raw);
    if ('error' in checked) invalid.push(checked.error);
    else values[field] = checked.value;
  }
  // The recording's check order where it differs from the field table's (categories: `category`, then the store).
  const order = resource.schema.requiredOrder ?? [];
  const rank = (error: FieldError) => (order.includes(error.field) ? order.indexOf(error.field) : order.length);
  missing.sort((a, b) => rank(a) - rank(b));
  const errors = [...missing, ...invalid];
  if (errors.length > 0) throw ValidationError.forFields(errors);
  return values;
}

/** The collection filters present in a query string; a value outside the allowed ones is a 400. Empty values are ignored. */
export function readFilters(resource: ResourceDefinition, query: Record<string, string>): FieldValues {
  const values: FieldValues = {};
  const errors: FieldError[] = [];
  for (const [field, spec] of Object.entries(resource.schema.filters ?? {})) {
    const raw = Object.hasOwn(query, field) ? query[field] : undefined;
    if (isBlank(raw)) continue;
    const checked = checkValue(field, spec, raw);
    if ('error' in checked) errors.push(checked.error);
    else values[field] = checked.value;
  }
  if (errors.length > 0) throw ValidationError.forFields(errors);
  return values;
}

/** A create's values with every field the body left out set to its default (SPEC §10 "sensible defaults"). */
export function withDefaults(resource: ResourceDefinition, values: FieldValues): FieldValues {
  const complete: FieldValues = {};
  for (const [field, spec] of Object.entries(resource.schema.fields)) {
    if (Object.hasOwn(values, field)) complete[field] = values[field]!;
    else if (spec.default !== undefined) complete[field] = spec.default;
  }
  return complete;
}
