import type { ProductOptions } from '../entities/stored-shapes.js';
import { invalidField } from '../errors.js';
import { sentWholeNumber } from './sent-number.js';

/**
 * The `products` of a storefront cart's (or wish list's) POST and PUT bodies, read once into typed lines: numbers are
 * numbers, option ids canonical. Each bad value is the 400 naming its field that the cart has always answered, in
 * the order the lines were sent (SPEC §10). Merging lines and cart item ids stay with the cart (carts/lines.ts).
 */

export const MAX_LINES = 100;
export const MAX_AMOUNT = 1_000_000;

/** One line as sent: a product, how many, and its options (option id → variant id or text). */
export interface SentCartLine {
  product_id: number;
  amount: number;
  product_options: ProductOptions;
}

const wholeNumber = (value: unknown, min: number, max = MAX_AMOUNT): number | undefined => {
  const n = sentWholeNumber(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `product_options`: option id → variant id or text; absent or empty is none. */
function readOptions(sent: unknown, where: string): ProductOptions {
  if (sent === undefined || sent === null || sent === '' || (Array.isArray(sent) && sent.length === 0)) return {};
  const malformed = () =>
    invalidField('product_options', `The product_options of ${where} must map option ids to variants: {"3": 12}`);
  if (!isObject(sent)) throw malformed();
  const options: ProductOptions = {};
  for (const [optionId, value] of Object.entries(sent)) {
    const text =
      typeof value === 'number' && Number.isInteger(value) && value >= 0
        ? String(value)
        : typeof value === 'string'
          ? value.trim()
          : undefined;
    // The key is request text: read once, as an id ("07" names option 7).
    const id = /^\d{1,15}$/.test(optionId) ? sentWholeNumber(optionId) : 0;
    if (id < 1 || text === undefined || text.length > 255) throw malformed();
    options[String(id)] = text;
  }
  return options;
}

/** The `products` of a body: a non-empty object (or list) of lines, at most MAX_LINES of them. */
function productsOf(body: Record<string, unknown>): Array<[string, unknown]> {
  const sent = body.products;
  if (
    sent === undefined ||
    sent === null ||
    sent === '' ||
    (Array.isArray(sent) && sent.length === 0) ||
    (isObject(sent) && Object.keys(sent).length === 0)
  ) {
    throw invalidField('products', 'The products field is required');
  }
  if (!isObject(sent) && !Array.isArray(sent))
    throw invalidField('products', 'The products field must map keys to lines: {"1": {"product_id": 12, "amount": 2}}');
  const entries = Array.isArray(sent)
    ? sent.map((line, i) => [String(i), line] as [string, unknown])
    : Object.entries(sent);
  if (entries.length > MAX_LINES) throw invalidField('products', `A cart holds at most ${MAX_LINES} lines`);
  return entries;
}

/** Keys that would reach an object's prototype rather than name a line: such a line adds nothing. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** An `amount` that asks for nothing: absent, null, empty or zero. CS-Cart skips such a line (SPEC §10). */
const asksNothing = (amount: unknown) =>
  amount === undefined || amount === null || amount === '' || amount === 0 || amount === '0';

/**
 * POST's lines to add: `{"<key>": {"product_id", "amount", "product_options"}}`; without `product_id` the key is the
 * product id (CS-Cart's second form). A line whose amount asks for nothing, or whose key is a prototype's name, adds
 * nothing; a body that adds nothing is a 400 naming `products` (SPEC §10). Lines are returned as sent, not merged.
 */
export function parseCartLines(body: Record<string, unknown>): SentCartLine[] {
  const lines: SentCartLine[] = [];
  for (const [key, line] of productsOf(body)) {
    if (PROTOTYPE_KEYS.has(key)) continue;
    if (!isObject(line))
      throw invalidField('products', `The products line "${key}" must be an object: {"product_id": 12, "amount": 2}`);
    if (asksNothing(line.amount)) continue;
    const productId = wholeNumber(line.product_id ?? key, 1, Number.MAX_SAFE_INTEGER);
    if (productId === undefined) throw invalidField('products', `The products line "${key}" needs a product_id`);
    const amount = wholeNumber(line.amount, 1);
    if (amount === undefined)
      throw invalidField(
        'products',
        `The amount of products line "${key}" must be a whole number from 1 to ${MAX_AMOUNT}`,
      );
    lines.push({
      product_id: productId,
      amount,
      product_options: readOptions(line.product_options, `products line "${key}"`),
    });
  }
  if (lines.length === 0)
    throw invalidField('products', 'The products field adds nothing: every line needs an amount of at least 1');
  return lines;
}

/** A new amount for a line (PUT): a whole number, 0 removes the line. */
function readAmount(value: unknown, where: string): number {
  const amount = wholeNumber(value, 0);
  if (amount === undefined)
    throw invalidField('amount', `The amount of ${where} must be a whole number from 0 to ${MAX_AMOUNT}`);
  return amount;
}

/** PUT's changes: cart item id → new amount, from `/:cart_item_id {"amount"}` or `{"products": {"<item id>": {"amount"}}}`. */
export function parseAmountChanges(itemId: string | undefined, body: Record<string, unknown>): Map<string, number> {
  const changes = new Map<string, number>();
  if (itemId !== undefined) {
    if (!Object.hasOwn(body, 'amount')) throw invalidField('amount', 'The amount field is required');
    changes.set(itemId, readAmount(body.amount, `cart item ${itemId}`));
    return changes;
  }
  for (const [key, line] of productsOf(body)) {
    if (!isObject(line) || !Object.hasOwn(line, 'amount'))
      throw invalidField('products', `The products line "${key}" needs an amount`);
    changes.set(key, readAmount(line.amount, `cart item ${key}`));
  }
  return changes;
}
