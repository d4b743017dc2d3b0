import { Big } from 'big.js';
import { wireMoney } from '../../entities/wire-money.js';
import { ConflictError, invalidField } from '../../errors.js';
import type { CartLine, CartLines } from './lines.js';
import type { OptionRecord, ProductRecord } from './store.js';

/**
 * The pure rules of a storefront cart: which products and options a line may name, the stock a cart may hold, and
 * its prices. A cart is priced as an order is (lib/operations/orders/rules.ts): each line's price is the product's
 * price now, subtotals and totals are computed with decimal arithmetic (big.js), never binary floating point,
 * and written as JSON numbers with at most 2 decimals, as CS-Cart's storefront API writes cart prices.
 */

/** The ids of the products some lines name, each once. */
export const productIdsOf = (lines: readonly CartLine[]): number[] => [
  ...new Set(lines.map((line) => line.product_id)),
];

/**
 * A line's product must exist, be on sale (not disabled) and, in a store's context, be that store's or shared
 * (company 0); else a 400 naming it.
 */
export function checkProducts(
  lines: readonly CartLine[],
  products: ReadonlyMap<number, ProductRecord>,
  company: number | undefined,
): void {
  for (const line of lines) {
    const product = products.get(line.product_id);
    const owner = product?.company_id ?? 0;
    if (!product || (company !== undefined && owner !== company && owner !== 0)) {
      throw invalidField('products', `The products field names product ${line.product_id}, which does not exist`);
    }
    if (product.status === 'D')
      throw invalidField('products', `The product ${line.product_id} is disabled and cannot be added to a cart`);
  }
}

/** The ids of the options some lines choose, each once. */
export const optionIdsOf = (lines: readonly CartLine[]): number[] => [
  ...new Set(lines.flatMap((line) => Object.keys(line.product_options).map(Number))),
];

/**
 * A line's options must be options of its product (or global ones) and name one of their variants where they have
 * variants (`options`: those the lines choose, by id as text).
 */
export function checkOptions(lines: readonly CartLine[], options: ReadonlyMap<string, OptionRecord>): void {
  for (const line of lines) {
    for (const [optionId, value] of Object.entries(line.product_options)) {
      const option = options.get(optionId);
      const ownerProduct = option?.product_id ?? -1;
      if (!option || (ownerProduct !== 0 && ownerProduct !== line.product_id)) {
        throw invalidField(
          'product_options',
          `The product_options of product ${line.product_id} name option ${optionId}, which the product does not have`,
        );
      }
      const variants = option.variants;
      const hasVariants =
        variants !== null &&
        typeof variants === 'object' &&
        !Array.isArray(variants) &&
        Object.keys(variants).length > 0;
      if (hasVariants && !Object.hasOwn(variants as object, value)) {
        throw invalidField(
          'product_options',
          `The product_options of product ${line.product_id} name variant ${value}, which option ${optionId} does not have`,
        );
      }
    }
  }
}
/** Every tracked product must have in stock what the whole cart holds of it; else a 409, as CS-Cart's cart answers. */
export function checkStock(lines: CartLines, products: ReadonlyMap<number, ProductRecord>): void {
  const wanted = new Map<number, number>();
  for (const line of Object.values(lines))
    wanted.set(line.product_id, (wanted.get(line.product_id) ?? 0) + line.amount);
  for (const [productId, amount] of wanted) {
    const product = products.get(productId);
    if (!product || product.tracking === 'D') continue;
    const inStock = product.amount ?? 0;
    if (amount > inStock)
      throw new ConflictError(
        `The product ${productId} ("${String(product.product)}") has ${inStock} in stock; the cart would hold ${amount}`,
      );
  }
}

/** The lines whose product still exists, each priced from the product now, and the cart's totals. */
/** A line as the cart shows it priced: its product id the line's own number. */
export type PricedLine = Record<string, unknown> & { product_id: number };

export function priceCart(lines: CartLines, products: ReadonlyMap<number, ProductRecord>) {
  let subtotal = new Big(0);
  let amount = 0;
  const priced: Record<string, PricedLine> = {};
  for (const [itemId, line] of Object.entries(lines)) {
    const product = products.get(line.product_id);
    if (!product) continue;
    const price = new Big(String(product.price ?? '0'));
    const lineTotal = price.times(line.amount);
    subtotal = subtotal.plus(lineTotal);
    amount += line.amount;
    priced[itemId] = {
      item_id: itemId,
      product_id: line.product_id,
      product: String(product.product ?? ''),
      product_code: String(product.product_code ?? ''),
      amount: line.amount,
      price: wireMoney(price),
      display_price: wireMoney(price),
      subtotal: wireMoney(lineTotal),
      display_subtotal: wireMoney(lineTotal),
      product_options: line.product_options,
      ...(product.tracking === 'D' ? {} : { in_stock: product.amount ?? 0 }),
    };
  }
  return { products: priced, amount, subtotal, total: subtotal };
}
