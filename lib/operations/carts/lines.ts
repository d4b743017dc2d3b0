import { createHash } from 'node:crypto';
import { invalidField } from '../../errors.js';

/**
 * The lines of a storefront cart (storefront.ts; their bodies are read at the edge, lib/http/cart-lines-body.ts). A line is
 * one product with one choice of options; its id (CS-Cart's cart item id) is derived from both, so adding the same
 * product with the same options again finds the same line.
 */

import { entriesInIdOrder } from '../../entities/id-keys.js';
import type { CartLine, CartLines, ProductOptions } from '../../entities/stored-shapes.js';
import { MAX_AMOUNT, MAX_LINES, type SentCartLine } from '../../http/cart-lines-body.js';

export type { CartLine, CartLines, ProductOptions };

export { MAX_AMOUNT, MAX_LINES };

/** A cart item id: a 32-bit number from the product and its options (as CS-Cart's `fn_generate_cart_id`, a crc32). */
export function cartItemId(productId: number, options: ProductOptions): string {
  // Option ids are the text keys of a stored map: sorted as the ids they name.
  const sorted = entriesInIdOrder(options);
  const digest = createHash('sha256')
    .update(JSON.stringify([productId, sorted]))
    .digest();
  return String(digest.readUInt32BE(0) || 1);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Keys that would reach an object's prototype rather than name a field. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * POST's lines to add, read at the edge (lib/http/cart-lines-body.ts): lines of the same product and options add up
 * to one line, as they share a cart item id.
 */
export function linesToAdd(sent: SentCartLine[]): CartLine[] {
  const added = new Map<string, CartLine>();
  for (const line of sent) {
    const id = cartItemId(line.product_id, line.product_options);
    const before = added.get(id);
    added.set(id, { ...line, amount: (before?.amount ?? 0) + line.amount });
  }
  return [...added.values()];
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
