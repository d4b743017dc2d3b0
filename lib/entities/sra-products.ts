import { defineEntity } from './define.js';
import { productsEntity } from './products.js';
import type { FieldSpec } from './types.js';

/** The query parameters the storefront adds to the product search of /products. */
export const STOREFRONT_PRODUCT_FILTERS: Record<string, FieldSpec> = {
  company_ids: { kind: 'string', maxLength: 1000, note: 'Stores, comma-separated: products of any of them.' },
  features_hash: {
    kind: 'string',
    maxLength: 1000,
    note: "CS-Cart's filter selection: `<filter_id>-<variant_id>[-<variant_id>…]` per filter (a filter's id is its feature's), filters joined by `_`; several variants of one filter = any of them, several filters = all. Reads the products having the feature (its index), judging the variants on them.",
  },
  get_filters: {
    kind: 'string',
    maxLength: 5,
    note: '`true`/`Y`/`1`: the answer adds `filters` (facets of the result: variants with `product_count`, number sliders, the price).',
  },
  amount: {
    kind: 'int',
    note: 'The quantity the prices are for (quantity prices): the price per unit at that quantity.',
  },
  vendor_products_by_product_id: {
    kind: 'int',
    note: "Other vendors' offers of that product: this catalogue shares no master products, so an empty list.",
  },
};

/** The storefront list's and object's extra fields (CS-Cart's `fn_storefront_rest_api_format_product_prices`). */
const FORMATTED = { kind: 'object', wire: 'raw', default: null } as const;

/**
 * Products as a shopper sees them (CS-Cart's storefront add-on, `SraProducts`; SPEC §11): at
 * `/api/4.0/sra_products[/:id]`, `/api/4.0/categories/:id/sra_products` (that category as `cid`) and in a store's
 * context. The search of /products (`q`, `pcode`, `cid` + `subcats`, `company_id`, `price_from/to`, sorting,
 * paging; `items_per_page` above 250 is taken as 250) over what the shopper may see: active products (hidden ones
 * by id only) of active stores outside the categories hidden from the shopper's usergroups, at the shopper's price.
 * lib/operations/storefront/products.ts.
 */
export const sraProductsEntity = defineEntity({
  name: 'sra_products',
  schema: {
    idField: 'product_id',
    fields: productsEntity.schema.fields,
    filters: { ...productsEntity.schema.filters, ...STOREFRONT_PRODUCT_FILTERS },
  },
  http: {
    operations: ['list', 'get'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: {
      shape: 'wrapped',
      key: 'products',
      rowsOf: productsEntity,
      extraRowFields: { price_formatted: FORMATTED, list_price_formatted: FORMATTED, base_price_formatted: FORMATTED },
    },
  },
  docs: { sortKeys: ['id', ...Object.keys(productsEntity.storage.sortRules ?? {})] },
  // The shopper's hidden categories and closed stores (Query of their partitions), the page (Query, BatchGetItem).
  deployment: {
    domain: 'catalog',
    functions: { list: { access: ['Query', 'GetItem'] }, get: { access: ['Query', 'GetItem'] } },
  },
});
