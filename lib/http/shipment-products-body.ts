import { invalidField } from '../errors.js';
import { sentWholeNumber } from './sent-number.js';

/**
 * The `products` of a shipment's body, `{item_id: amount}` (the field's spec, `object`, reads no further): undefined
 * when absent or empty (every line of the order ships), else each item id with its amount as a number — NaN when
 * it is none, which the shipment answers after checking the item against the order (lib/operations/shipments.ts),
 * the order it has always judged them in.
 */
export function parseShippedAmounts(sent: Record<string, unknown> | undefined): Array<[string, number]> | undefined {
  if (sent === undefined || Object.keys(sent).length === 0) return undefined;
  if (Array.isArray(sent)) throw invalidField('products', 'The products field must be an object {item_id: amount}');
  // As it has always been read: a JSON number, or text of digits (spaces around allowed), whatever its JSON type.
  return Object.entries(sent).map(([itemId, value]) => [
    itemId,
    typeof value === 'number' ? value : sentWholeNumber(String(value)),
  ]);
}
