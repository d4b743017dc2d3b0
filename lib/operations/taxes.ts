import { Big } from 'big.js';
import type { taxesEntity } from '../entities/taxes.js';
import type { FieldValues } from '../entities/validate.js';
import { ValidationError } from '../errors.js';
import type { EntityHooks } from './crud.js';

const invalid = (message: string) => new ValidationError(message, [{ field: 'rates', message }]);

/**
 * `rates` is `{destination_id: {rate_value, rate_type}}`: a positive integer key, a non-negative decimal
 * `rate_value` (kept with three decimals, as CS-Cart's rate column) and `rate_type` P (percent) or F (flat).
 */
function checkRates(values: FieldValues): FieldValues {
  if (!Object.hasOwn(values, 'rates')) return values;
  const rates = values.rates;
  if (Array.isArray(rates) && rates.length === 0) return { ...values, rates: {} };
  if (rates === null || typeof rates !== 'object' || Array.isArray(rates))
    throw invalid('The rates field must be an object keyed by destination_id');
  const checked: Record<string, { rate_value: string; rate_type: string }> = {};
  for (const [destination, rate] of Object.entries(rates as Record<string, unknown>)) {
    if (!/^[1-9]\d{0,9}$/.test(destination)) throw invalid('The rates field must be keyed by positive destination ids');
    const { rate_value: value, rate_type: type = 'P' } = (rate ?? {}) as Record<string, unknown>;
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^\d{1,9}(\.\d+)?$/.test(text))
      throw invalid('The rate_value of every rate must be a non-negative decimal number');
    if (type !== 'P' && type !== 'F') throw invalid('The rate_type of every rate must be P or F');
    checked[destination] = { rate_value: new Big(text).toFixed(3), rate_type: type };
  }
  return { ...values, rates: checked };
}

export const taxHooks: EntityHooks<typeof taxesEntity> = {
  create: (values) => checkRates(values),
  update: (changes) => checkRates(changes),
};
