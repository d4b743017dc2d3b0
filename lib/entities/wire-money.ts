import type { Big } from 'big.js';

/**
 * Money as the wire shows it where CS-Cart's JSON type is a number (a cart's `subtotal`, an order line's
 * `base_price`, a shipping's `rate`, an average rating): decimal (big.js) until here, then rounded half up to two
 * places and given as a JSON number. The one place a Big becomes a number, so every answer rounds alike.
 */
export const wireMoney = (value: Big): number => Number(value.toFixed(2));
