import Big from 'big.js';
import type { StoredValue } from '../../entities/types.js';

/**
 * CS-Cart's formatted prices (`fn_storefront_rest_api_format_product_prices`): beside each price field present, a
 * `<field>_formatted` of `{price, symbol}` in the store's primary currency (US dollars, as the recorded store).
 */
const PRICE_FIELDS = ['list_price', 'price', 'base_price', 'original_price', 'display_price', 'discount'];
const SYMBOL = '$';

/** `1234.5` → `{"price": "$1,234.50", "symbol": "$"}`: exact decimals, thousands separated. */
export function formattedPrice(price: StoredValue | undefined) {
  let text: string;
  try {
    text = new Big(String(price ?? '0')).toFixed(2);
  } catch {
    text = '0.00';
  }
  const [whole, cents] = text.split('.');
  return { price: `${SYMBOL}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`, symbol: SYMBOL };
}

export function withFormattedPrices(row: Record<string, unknown>): Record<string, unknown> {
  const out = { ...row };
  for (const field of PRICE_FIELDS)
    if (row[field] !== undefined && row[field] !== null)
      out[`${field}_formatted`] = formattedPrice(row[field] as StoredValue);
  return out;
}
