import { Big } from 'big.js';
import { ValidationError } from '../errors.js';

/**
 * The number-type features (CS-Cart's `fn_update_product_features_value`): `O` (number) and `D` (date) hold a
 * number in `value_int`, and `N` (number select) holds one too when the value sent is not one of its variants.
 * So `{"2": "42"}` for a number feature stores 42, as CS-Cart does, instead of asking for a variant.
 */
export const NUMBER_FEATURE_TYPES: readonly string[] = ['N', 'O', 'D'];

const invalid = (message: string) => new ValidationError(message, [{ field: 'product_features', message }]);

/** `value_int` of a number feature: a decimal with 2 places (CS-Cart's decimal(12,2)); a date as its Unix timestamp. */
export function numberFeatureValue(type: string, value: unknown, featureId: string): string {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(',', '.')
        : '';
  if (type === 'D') {
    if (/^\d{1,12}$/.test(text)) return text;
    const parsed = text === '' || text.length > 64 ? NaN : Date.parse(text);
    if (Number.isNaN(parsed))
      throw invalid(
        `The product_features field needs a date (a Unix timestamp or YYYY-MM-DD) for feature ${featureId}`,
      );
    return String(Math.floor(parsed / 1000));
  }
  if (!/^-?\d{1,10}(\.\d{1,6})?$/.test(text))
    throw invalid(`The product_features field needs a number for feature ${featureId}`);
  return new Big(text).toFixed(2);
}
