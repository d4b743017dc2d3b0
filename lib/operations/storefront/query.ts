import { invalidField } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import { MAX_ITEMS_PER_PAGE } from '../../http/paging.js';

/**
 * Query values as the storefront's clients send them (SPEC §11 "As the apps send it"): CS-Cart's apps ask for
 * `items_per_page=500`, which storefront paths clamp to the largest page instead of refusing.
 */
export function storefrontQuery(query: Record<string, string>): Record<string, string> {
  const perPage = digitsOf(query.items_per_page?.trim());
  if (perPage !== undefined && perPage > MAX_ITEMS_PER_PAGE)
    return { ...query, items_per_page: String(MAX_ITEMS_PER_PAGE) };
  return query;
}

/** A list of ids (`company_ids=1,2`), each a positive integer; absent or empty → undefined; else a 400 naming it. */
export function idsParameter(query: Record<string, string>, name: string): number[] | undefined {
  const text = query[name]?.trim();
  if (!text) return undefined;
  const ids = text.split(',').map((part) => digitsOf(part.trim()));
  if (ids.length > 100 || ids.some((id) => id === undefined || id < 1))
    throw invalidField(name, `The ${name} field must be a comma-separated list of ids`);
  return [...new Set(ids as number[])];
}

/** `amount=N`: the quantity a price is asked for (1 to 1,000,000); absent → 1; else a 400 naming it. */
export function amountParameter(query: Record<string, string>): number {
  const text = query.amount?.trim();
  if (!text) return 1;
  const amount = digitsOf(text, 7);
  if (amount === undefined || amount < 1 || amount > 1_000_000)
    throw invalidField('amount', 'The amount field must be an integer from 1 to 1000000');
  return amount;
}

/** A boolean switch as CS-Cart's clients send it: true/Y/1 on; anything else off. */
export const switchOn = (value: string | undefined) => ['true', 'y', '1'].includes(value?.trim().toLowerCase() ?? '');

/**
 * `features_hash` as CS-Cart writes it: `<filter_id>-<variant_id>[-<variant_id>…]` per filter, filters joined by
 * `_` (a filter's id is its feature's here). → feature id → the variants any of which it wants. Else a 400.
 */
export function featuresHash(query: Record<string, string>): Map<number, number[]> {
  const text = query.features_hash?.trim();
  const selected = new Map<number, number[]>();
  if (!text) return selected;
  if (text.length > 1000 || !/^\d{1,15}(-\d{1,15})+(_\d{1,15}(-\d{1,15})+)*$/.test(text))
    throw invalidField('features_hash', 'The features_hash field must read <filter_id>-<variant_id>[-…] joined by _');
  for (const part of text.split('_')) {
    const [feature, ...variants] = part.split('-').map(Number);
    selected.set(feature!, [...new Set([...(selected.get(feature!) ?? []), ...variants])]);
  }
  return selected;
}
