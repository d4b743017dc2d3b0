import { invalidField } from '../errors.js';
import { sentWholeNumber } from './sent-number.js';

/**
 * The `products` of POST /orders (and the ids beside it), read once at the edge into typed lines: each bad value is
 * the 400 naming `products` that orders have always answered.
 */

const MAX_LINES = 100;
const MAX_AMOUNT = 1_000_000;

/** One product of an order and how many of it. */
export interface SentOrderLine {
  productId: number;
  amount: number;
}

/** An id or amount sent in an order's body (a JSON number or its digits), from 1 to 2^31 - 1; else undefined. */
export const positiveInt = (value: unknown): number | undefined => {
  const n = sentWholeNumber(value);
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

/**
 * `products` as CS-Cart clients send it — `{cart_id: {product_id, amount}}`, a list of
 * `{product_id, amount}`, or `{product_id: amount}` — as lines, one per product.
 */
export function readLines(sent: unknown): SentOrderLine[] {
  const bad = () =>
    invalidField('products', 'The products field must map products to amounts: {"1": {"product_id": 12, "amount": 2}}');
  if (sent === null || typeof sent !== 'object') throw bad();
  const entries = Array.isArray(sent) ? sent.map((item, i) => [String(i), item] as const) : Object.entries(sent);
  if (entries.length === 0) throw invalidField('products', 'The products field is required');
  const amounts = new Map<number, number>();
  for (const [key, item] of entries) {
    const isLine = item !== null && typeof item === 'object';
    const productId = positiveInt(isLine ? (item as Record<string, unknown>).product_id : key);
    const amount = positiveInt(isLine ? ((item as Record<string, unknown>).amount ?? 1) : item);
    if (productId === undefined || amount === undefined) throw bad();
    amounts.set(productId, (amounts.get(productId) ?? 0) + amount);
  }
  if (amounts.size > MAX_LINES) throw invalidField('products', `An order may hold at most ${MAX_LINES} products`);
  const lines = [...amounts].map(([productId, amount]) => ({ productId, amount }));
  if (lines.some((line) => line.amount > MAX_AMOUNT))
    throw invalidField('products', `The amount of a product may be at most ${MAX_AMOUNT}`);
  return lines;
}
