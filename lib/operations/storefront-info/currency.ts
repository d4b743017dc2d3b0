/**
 * The store's currency. This API keeps money in one currency (orders' `secondary_currency` is USD, SPEC §10), so
 * the storefront lists that one as CS-Cart lists its primary currency (`fn_get_currencies_list`): every field a
 * string, as CS-Cart's database gives them.
 */
/** The currency's id, a number as a path names it; the row below shows it as text. */
export const PRIMARY_CURRENCY_ID = 1;

export const PRIMARY_CURRENCY = {
  currency_id: `${PRIMARY_CURRENCY_ID}`,
  currency_code: 'USD',
  after: 'N',
  symbol: '$',
  coefficient: '1.00000',
  is_primary: 'Y',
  position: '0',
  decimals_separator: '.',
  thousands_separator: ',',
  decimals: '2',
  status: 'A',
  description: 'US Dollars',
} as const;

/** The row `sra_currencies` shows (the add-on's public properties; `is_primary` a boolean). */
export const publicCurrency = () => ({
  currency_code: PRIMARY_CURRENCY.currency_code,
  description: PRIMARY_CURRENCY.description,
  is_primary: true,
  symbol: PRIMARY_CURRENCY.symbol,
});
