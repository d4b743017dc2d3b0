/**
 * The shapes of the `object` fields some records store (a cart's lines, a variation group's features, a product's
 * extra price rows): lib/db/stored-extras.ts gives them to the record types, so the operations read and write them
 * typed instead of casting a StoredValue. Type aliases, not interfaces: an alias is a StoredValue (a JSON object).
 */

/** A cart line's options: option id → variant id. */
export type ProductOptions = Record<string, string>;

/** One product with one choice of options (lib/operations/carts/lines.ts). */
export type CartLine = {
  product_id: number;
  amount: number;
  product_options: ProductOptions;
};

/** A cart's lines by cart item id. */
export type CartLines = Record<string, CartLine>;

/** A feature of a variation group and its purpose (lib/operations/product-variations/rules.ts). */
export type GroupFeature = {
  feature_id: number;
  purpose: string;
};

/** A quantity or usergroup price of a product (lib/operations/product-prices.ts). */
export type PriceRow = {
  lower_limit: number;
  usergroup_id: number;
  price: string;
};
