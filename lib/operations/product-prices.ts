import Big from 'big.js';
import type { PriceRow } from '../entities/stored-shapes.js';
import type { StoredValue } from '../entities/types.js';
import { checkValue, type FieldValues } from '../entities/validate.js';
import { invalidField } from '../errors.js';
import { checkCustomerGroups } from './customer-groups.js';

/**
 * A product's `prices` (CS-Cart's quantity and usergroup prices, SPEC §11): rows of `lower_limit` (from this many
 * items), `usergroup_id` (0: everyone) and `price`. The row for 1 item and everyone is the product's own `price`:
 * it is never stored twice (a sent one sets `price` when the body does not), and a GET shows it first, as CS-Cart.
 */
export type { PriceRow };

const MAX_ROWS = 100;
const LIMIT = { kind: 'int' } as const;
const PRICE = { kind: 'decimal', places: 2 } as const;

const isBase = (row: PriceRow) => row.lower_limit === 1 && row.usergroup_id === 0;

function rowOf(raw: unknown, index: number): PriceRow {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw invalidField('prices', `The prices field's row ${index} must be an object`);
  const row = raw as Record<string, unknown>;
  const field = (name: string, spec: typeof LIMIT | typeof PRICE, fallback?: unknown) => {
    const value = row[name] ?? fallback;
    const checked = value === undefined ? undefined : checkValue(name, spec, value);
    if (!checked || 'error' in checked)
      throw invalidField(
        'prices',
        `The prices field's row ${index} needs ${name} (${checked ? checked.error.message : 'missing'})`,
      );
    return checked.value;
  };
  const lowerLimit = field('lower_limit', LIMIT) as number;
  if (lowerLimit < 1) throw invalidField('prices', `The prices field's row ${index} needs lower_limit of at least 1`);
  return {
    lower_limit: lowerLimit,
    usergroup_id: field('usergroup_id', LIMIT, 0) as number,
    price: field('price', PRICE) as string,
  };
}

/** The rows a body sends (a list, or CS-Cart's form keyed by row), checked; the last of two equal keys wins. */
export async function checkedPrices(sent: StoredValue): Promise<PriceRow[]> {
  const rows = Array.isArray(sent) ? sent : Object.values(sent as Record<string, unknown>);
  if (rows.length > MAX_ROWS) throw invalidField('prices', `The prices field may hold at most ${MAX_ROWS} rows`);
  const byKey = new Map<string, PriceRow>();
  rows.forEach((raw, i) => {
    const row = rowOf(raw, i);
    byKey.set(`${row.lower_limit}:${row.usergroup_id}`, row);
  });
  const checked = [...byKey.values()].sort((a, b) => a.lower_limit - b.lower_limit || a.usergroup_id - b.usergroup_id);
  await checkCustomerGroups(
    'prices',
    checked.map((row) => row.usergroup_id),
  );
  return checked;
}

/** The changes a body's `prices` make: the extra rows stored, the base row as `price` unless `price` is sent too. */
export async function pricesChanges(values: FieldValues): Promise<FieldValues> {
  if (values.prices === undefined) return {};
  const rows = await checkedPrices(values.prices);
  const base = rows.find(isBase);
  const out: FieldValues = { prices: rows.filter((row) => !isBase(row)) };
  if (base && values.price === undefined) out.price = base.price;
  return out;
}

/** The rows as a GET shows them (CS-Cart's `prices`): the base row, then the stored ones, every value a string. */
export function shownPrices(productId: number, price: StoredValue | undefined, stored: StoredValue | undefined) {
  const rows = [{ lower_limit: 1, usergroup_id: 0, price: String(price ?? '0.00') }, ...storedRows(stored)];
  return rows.map((row) => ({
    product_id: String(productId),
    lower_limit: String(row.lower_limit),
    usergroup_id: String(row.usergroup_id),
    percentage_discount: '0.00',
    price: row.price,
  }));
}

export const storedRows = (stored: StoredValue | undefined): PriceRow[] =>
  Array.isArray(stored) ? (stored as PriceRow[]) : [];

/**
 * A shopper's price of one unit when buying `amount`: the lowest of the rows that apply (lower_limit at most the
 * amount, usergroup 0 or one of the shopper's `groups`), the product's own price among them. Exact decimals.
 */
export function shopperPrice(
  price: StoredValue | undefined,
  stored: StoredValue | undefined,
  groups: readonly number[],
  amount = 1,
): string {
  let best = new Big(String(price ?? '0'));
  for (const row of storedRows(stored)) {
    if (row.lower_limit > amount || !(row.usergroup_id === 0 || groups.includes(row.usergroup_id))) continue;
    const candidate = new Big(row.price);
    if (candidate.lt(best)) best = candidate;
  }
  return best.toFixed(2);
}
