/**
 * An order's stored lines (`products`, keyed by item id) as numbers, read in one place: CS-Cart keeps a line's
 * product id and amount as text ("12", "2"), and the order's rules (stock on a status change, a shipment's amounts)
 * count with them. A line without an amount holds none.
 */
export interface StoredOrderLine {
  itemId: string;
  productId: number;
  amount: number;
}

export function storedOrderLines(products: unknown): StoredOrderLine[] {
  const lines = (products ?? {}) as Record<string, { product_id?: unknown; amount?: unknown }>;
  return Object.entries(lines).map(([itemId, line]) => ({
    itemId,
    productId: Number(line.product_id),
    amount: Number(line.amount ?? 0),
  }));
}
