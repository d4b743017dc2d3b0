import { Big } from 'big.js';
import { invalidField } from '../errors.js';

/**
 * The `variants` of an option's and of a feature's body (a list, or an object of them), read once at the edge into
 * typed variants: each bad value is the 400 naming `variants` the entity has always answered, in the order it has
 * always checked them (item by item). Ids and storage stay with the operations (options.ts, features.ts).
 */

export const MAX_VARIANTS = 500;
const MODIFIER_TYPES = ['A', 'P'];

const listOf = <T>(sent: unknown): T[] => (Array.isArray(sent) ? sent : Object.values(sent as object)) as T[];

const tooMany = () => invalidField('variants', `The variants field may hold at most ${MAX_VARIANTS} variants`);

/** A sent variant_id as the text key it may name among the variants kept. */
const sentId = (value: unknown): string | undefined => (value === undefined ? undefined : String(value));

/** A modifier as CS-Cart's decimal(12,3) column: a (possibly negative) decimal written with three decimals. */
function modifier(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') return '0.000';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d{1,9}(\.\d+)?$/.test(text))
    throw invalidField('variants', `The ${field} of every variant must be a decimal number`);
  return new Big(text).toFixed(3);
}

function modifierType(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') return 'A';
  if (typeof value !== 'string' || !MODIFIER_TYPES.includes(value))
    throw invalidField('variants', `The ${field} of every variant must be A or P`);
  return value;
}

/** One variant of an option as sent: texts as CS-Cart stores them, the position a number. */
export interface SentOptionVariant {
  variant_id: string | undefined;
  variant_name: string;
  position: number;
  status: 'A' | 'D';
  modifier: string;
  modifier_type: string;
  weight_modifier: string;
  weight_modifier_type: string;
  point_modifier: string;
  point_modifier_type: string;
}

/** An option's `variants`: every variant an object with a name, a non-negative position, status A or D, modifiers. */
export function parseOptionVariants(sent: unknown): SentOptionVariant[] {
  if (sent === null || typeof sent !== 'object')
    throw invalidField('variants', 'The variants field must be a list of variants');
  const list = listOf<Record<string, unknown>>(sent);
  if (list.length > MAX_VARIANTS) throw tooMany();
  return list.map((item, i) => {
    if (item === null || typeof item !== 'object') throw invalidField('variants', 'Every variant must be an object');
    const name =
      typeof item.variant_name === 'string' || typeof item.variant_name === 'number'
        ? String(item.variant_name).trim()
        : '';
    if (name === '' || name.length > 255)
      throw invalidField('variants', 'Every variant needs a variant_name of at most 255 characters');
    // As CS-Cart reads it: any text JavaScript reads as a whole number ("3", " 3 ", "") is a position.
    const position = item.position === undefined ? i : Number(item.position);
    if (!Number.isInteger(position) || position < 0)
      throw invalidField('variants', 'The position of every variant must be a non-negative integer');
    const status = item.status ?? 'A';
    if (status !== 'A' && status !== 'D') throw invalidField('variants', 'The status of every variant must be A or D');
    return {
      variant_id: sentId(item.variant_id),
      variant_name: name,
      position,
      status,
      modifier: modifier(item.modifier, 'modifier'),
      modifier_type: modifierType(item.modifier_type, 'modifier_type'),
      weight_modifier: modifier(item.weight_modifier, 'weight_modifier'),
      weight_modifier_type: modifierType(item.weight_modifier_type, 'weight_modifier_type'),
      point_modifier: modifier(item.point_modifier, 'point_modifier'),
      point_modifier_type: modifierType(item.point_modifier_type, 'point_modifier_type'),
    };
  });
}

/** One variant of a feature as sent. */
export interface SentFeatureVariant {
  variant_id: string | undefined;
  variant: string;
  description: string;
  position: number;
}

interface FeatureVariantInput {
  variant_id?: unknown;
  variant?: unknown;
  description?: unknown;
  position?: unknown;
}

/** A feature's `variants`: every variant with a name; a position that is not a whole number is its place in the list. */
export function parseFeatureVariants(sent: unknown): SentFeatureVariant[] {
  const list = listOf<FeatureVariantInput>(sent);
  if (list.length > MAX_VARIANTS) throw tooMany();
  return list.map((item, i) => {
    const name =
      typeof item?.variant === 'string' || typeof item?.variant === 'number' ? String(item.variant).trim() : '';
    if (name === '' || name.length > 255)
      throw invalidField('variants', 'Every variant needs a variant name of at most 255 characters');
    const position = Number(item.position ?? i);
    return {
      variant_id: sentId(item.variant_id),
      variant: name,
      description: typeof item.description === 'string' ? item.description : '',
      position: Number.isInteger(position) ? position : i,
    };
  });
}
