import { type EntityRecord, getRecords, type RecordOf } from '../db/entity-store.js';
import { ordersEntity } from '../entities/orders.js';
import { productsEntity } from '../entities/products.js';
import { ValidationError } from '../errors.js';
import { confinedCompany, contextCompany, type ScopeSource } from './company-scope.js';

/**
 * The product lines of an order, split from lib/operations/orders.ts: `products` as a client sends it, read into
 * lines and checked against the catalogue (existing, active, visible, one company), and the lines of a stored order.
 */

const MAX_LINES = 100;
const MAX_AMOUNT = 1_000_000;
const invalid = (field: string, message: string) => new ValidationError(message, [{ field, message }]);

export interface Line {
  productId: number;
  amount: number;
}

/** A line with the product record it names. */
export type ProductLine = Line & { product: ProductRecord };

/** A product as stored: its fields typed by the products definition. */
export type ProductRecord = RecordOf<typeof productsEntity>;

export const positiveInt = (value: unknown): number | undefined => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

/**
 * `products` as CS-Cart clients send it — `{cart_id: {product_id, amount}}`, a list of
 * `{product_id, amount}`, or `{product_id: amount}` — as lines, one per product.
 */
export function readLines(sent: unknown): Line[] {
  const bad = () =>
    invalid('products', 'The products field must map products to amounts: {"1": {"product_id": 12, "amount": 2}}');
  if (sent === null || typeof sent !== 'object') throw bad();
  const entries = Array.isArray(sent) ? sent.map((item, i) => [String(i), item] as const) : Object.entries(sent);
  if (entries.length === 0) throw invalid('products', 'The products field is required');
  const amounts = new Map<number, number>();
  for (const [key, item] of entries) {
    const isLine = item !== null && typeof item === 'object';
    const productId = positiveInt(isLine ? (item as Record<string, unknown>).product_id : key);
    const amount = positiveInt(isLine ? ((item as Record<string, unknown>).amount ?? 1) : item);
    if (productId === undefined || amount === undefined) throw bad();
    amounts.set(productId, (amounts.get(productId) ?? 0) + amount);
  }
  if (amounts.size > MAX_LINES) throw invalid('products', `An order may hold at most ${MAX_LINES} products`);
  const lines = [...amounts].map(([productId, amount]) => ({ productId, amount }));
  if (lines.some((line) => line.amount > MAX_AMOUNT))
    throw invalid('products', `The amount of a product may be at most ${MAX_AMOUNT}`);
  return lines;
}

/**
 * Products of an order, each existing, active and visible to the caller; all of one company. In a store or
 * vendor context (`POST /stores/1/orders`) they are that company's or no company's (company 0, a
 * single store's catalogue), and the order is that company's.
 */
export async function orderedProducts(request: ScopeSource, lines: Line[]): Promise<ProductLine[]> {
  const products = await getRecords(
    productsEntity,
    lines.map((line) => line.productId),
  );
  return checkedLines(request, lines, new Map(products.map((p) => [p.product_id, p])));
}

/** The lines with their products, checked as orderedProducts says (the products read already, by id). */
export function checkedLines(
  request: ScopeSource,
  lines: Line[],
  products: ReadonlyMap<number, ProductRecord>,
): ProductLine[] {
  const company = confinedCompany(ordersEntity, request);
  const context = contextCompany(request) !== undefined;
  const ordered = lines.map((line) => {
    const product = products.get(line.productId);
    const owner = product?.company_id ?? 0;
    const hidden = company !== undefined && owner !== company && !(context && owner === 0);
    if (!product || hidden)
      throw invalid('products', `The products field names product ${line.productId}, which does not exist`);
    if (product.status === 'D')
      throw invalid('products', `The product ${line.productId} is disabled and cannot be ordered`);
    return { ...line, product };
  });
  const companies = new Set(ordered.map((line) => line.product.company_id ?? 0));
  if (context) companies.delete(0);
  if (companies.size > 1) throw invalid('products', 'The products of one order must all belong to one company');
  return ordered;
}

/** The lines of a stored order with the products that still exist. */
export async function storedLines(order: EntityRecord): Promise<ProductLine[]> {
  const items = Object.values((order.products ?? {}) as Record<string, Record<string, unknown>>);
  const products = new Map(
    (
      await getRecords(
        productsEntity,
        items.map((item) => Number(item.product_id)),
      )
    ).map((p) => [p.product_id, p]),
  );
  return items.flatMap((item) => {
    const product = products.get(Number(item.product_id));
    return product ? [{ productId: Number(item.product_id), amount: Number(item.amount), product }] : [];
  });
}
