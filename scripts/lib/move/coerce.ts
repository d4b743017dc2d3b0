import Big from 'big.js';
import type { FieldSpec } from '../../../lib/entities/types.js';
import type { SourceRow } from './wire.js';

/**
 * A source row as a request body of this API (pure): only the entity's own fields, CS-Cart's string integers as
 * numbers, id lists (`"224,225"`, `["224"]`) as numbers, nulls left out. Values that are not what they claim to be
 * (a price "abc") are passed on unchanged, so that the API's validation refuses the record with its own reason.
 */
export function bodyFromRow(fields: Readonly<Record<string, FieldSpec>>, row: SourceRow): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    const spec = fields[name];
    if (!spec || value === null || value === undefined) continue;
    body[name] = coerceValue(spec, value);
  }
  return body;
}

const DIGITS = /^\d{1,15}$/;

export function coerceValue(spec: FieldSpec, value: unknown): unknown {
  if (spec.kind === 'int' && typeof value === 'string' && DIGITS.test(value.trim())) return Number(value.trim());
  if (spec.kind === 'intList') {
    const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
    if (!parts) return value;
    const cleaned = parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '');
    return cleaned.every((part) => typeof part === 'number' || (typeof part === 'string' && DIGITS.test(part)))
      ? cleaned.map(Number)
      : value;
  }
  return value;
}

/**
 * One value in a form two stores' answers agree on when they mean the same: numbers and numeric strings by their
 * decimal value ("30.00", 30 and "30" alike), lists of ids in any order, objects by their keys.
 */
export function canonical(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return canonicalNumber(String(value));
  if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value.trim()) ? canonicalNumber(value.trim()) : value;
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${key}:${canonical(item)}`).join(',')}}`;
  }
  return String(value);
}

function canonicalNumber(text: string): string {
  try {
    return new Big(text).toString();
  } catch {
    return text;
  }
}
