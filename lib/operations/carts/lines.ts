import { createHash } from 'node:crypto';
import { invalidField } from '../../errors.js';

/**
 * The lines of a storefront cart and the bodies that change them (storefront.ts). A line is
 * one product with one choice of options; its id (CS-Cart's cart item id) is derived from both, so adding the same
 * product with the same options again finds the same line.
 */

import type { CartLine, CartLines, ProductOptions } from '../../entities/stored-shapes.js';

export type { CartLine, CartLines, ProductOptions };

export const MAX_LINES = 100;
export const MAX_AMOUNT = 1_000_000;

/** A cart item id: a 32-bit number from the product and its options (as CS-Cart's `fn_generate_cart_id`, a crc32). */
export function cartItemId(productId: number, options: ProductOptions): string {
  // Option ids are the text keys of a stored map: sorted as the ids they name.
  const sorted = Object.keys(options)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => [key, options[key]]);
  const digest = createHash('sha256')
    .update(JSON.stringify([productId, sorted]))
    .digest();
  return String(digest.readUInt32BE(0) || 1);
}

// A body's line is request text beyond any field spec (a JSON number or its digits): read here.
const wholeNumber = (value: unknown, min: number, max = MAX_AMOUNT): number | undefined => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `product_options`: option id → variant id or text; absent or empty is none. */
function readOptions(sent: unknown, where: string): ProductOptions {
  if (sent === undefined || sent === null || sent === '' || (Array.isArray(sent) && sent.length === 0)) return {};
  if (!isObject(sent))
    throw invalidField('product_options', `The product_options of ${where} must map option ids to variants: {"3": 12}`);
  const options: ProductOptions = {};
  for (const [optionId, value] of Object.entries(sent)) {
    const text =
      typeof value === 'number' && Number.isInteger(value) && value >= 0
        ? String(value)
        : typeof value === 'string'
          ? value.trim()
          : undefined;
    // The key is request text: read once, as an id ("07" names option 7).
    const id = /^\d{1,15}$/.test(optionId) ? Number(optionId) : 0;
    if (id < 1 || text === undefined || text.length > 255) {
      throw invalidField(
        'product_options',
        `The product_options of ${where} must map option ids to variants: {"3": 12}`,
      );
    }
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
 * nothing; a body that adds nothing is a 400 naming `products` (SPEC §10). Lines of the same product and options add up.
 */
export function linesToAdd(body: Record<string, unknown>): CartLine[] {
  const added = new Map<string, CartLine>();
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
    const options = readOptions(line.product_options, `products line "${key}"`);
    const id = cartItemId(productId, options);
    const before = added.get(id);
    added.set(id, { product_id: productId, amount: (before?.amount ?? 0) + amount, product_options: options });
  }
  if (added.size === 0)
    throw invalidField('products', 'The products field adds nothing: every line needs an amount of at least 1');
  return [...added.values()];
}

/** A new amount for a line (PUT): a whole number, 0 removes the line. */
export function readAmount(value: unknown, where: string): number {
  const amount = wholeNumber(value, 0);
  if (amount === undefined)
    throw invalidField('amount', `The amount of ${where} must be a whole number from 0 to ${MAX_AMOUNT}`);
  return amount;
}

/** PUT's changes: cart item id → new amount, from `/:cart_item_id {"amount"}` or `{"products": {"<item id>": {"amount"}}}`. */
export function amountChanges(itemId: string | undefined, body: Record<string, unknown>): Map<string, number> {
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

/** At most this many fields in a checkout profile, each at most MAX_PROFILE_TEXT characters. */
const MAX_PROFILE_FIELDS = 100;
const MAX_PROFILE_TEXT = 255;

/**
 * A checkout profile (`user_data` of PUT /sra_cart_content): field name → text, as CS-Cart's profile fields are
 * (`email`, `b_firstname`, `s_address`, …). Numbers and booleans become text; nested values (an app's `fields`
 * object) and prototype keys are left out. Not an object, too many fields or too long a value: a 400 naming
 * `user_data`.
 */
export function readProfile(sent: unknown): Record<string, string> {
  if (!isObject(sent)) throw invalidField('user_data', 'The user_data field must be an object of profile fields');
  const entries = Object.entries(sent);
  if (entries.length > MAX_PROFILE_FIELDS)
    throw invalidField('user_data', `The user_data field holds at most ${MAX_PROFILE_FIELDS} fields`);
  const profile: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (PROTOTYPE_KEYS.has(name) || !/^[A-Za-z0-9_]{1,64}$/.test(name)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const text = String(value).trim();
    if (text.length > MAX_PROFILE_TEXT)
      throw invalidField('user_data', `The user_data field ${name} is longer than ${MAX_PROFILE_TEXT} characters`);
    profile[name] = text;
  }
  return profile;
}
