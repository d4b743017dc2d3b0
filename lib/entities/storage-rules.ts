/** The rules of an entity's storage facet (lib/entities/types.ts StorageFacet): filters, sorts and references. */

/**
 * How a collection filter selects records: `eq` (the stored field equals the value; for an id-list
 * field, contains it), `gte` / `lte` (ranges such as `price_from`), `contains` (case-insensitive
 * substring of a text field, `q`), `prefix`.
 */
export interface FilterRule {
  field: string;
  /**
   * Also `prefix` (the normalized value starts with the query: `pcode`) and `words` (each query word starts
   * a word of `fields`: `q`, with `match` = all | any | exact); both are read from text items
   * (`TXT#<storage>#<field>#<first character>`, lib/db/text-items.ts), so they cost what they answer.
   * And `none` (the field equals none of the values; for an id-list field, holds none of them): never a key
   * range of its own, only judged on what another condition read (the storefront's hidden categories and stores).
   * And `outside` (an id-list field holds at least one value that is not among the values, or none at all: a product
   * in several categories shows while one is visible; lib/db/list-outside.ts), judged like `none`.
   */
  op: 'eq' | 'gte' | 'lte' | 'contains' | 'prefix' | 'words' | 'none' | 'outside';
  /** The fields whose words a `words` rule searches (the rule's `field` names its text items). */
  fields?: readonly string[];
}

/** A sort key of `sort_by`: the stored field it orders by, and whether that order is numeric. */
export interface SortRule {
  field: string;
  numeric: boolean;
  /**
   * Sort items keyed by the value's bucket, not the value, with the exact value on the item
   * (lib/db/sort-buckets.ts): for a field that changes with nearly every write (a product's stock).
   */
  bucketed?: boolean;
}

/** A record of another entity that a field names; it must exist when written (400 naming the field otherwise). */
export interface ReferenceRule {
  field: string;
  /** The storage name of the referenced entity (`company`, `category`). */
  storage: string;
  /** The message of the 400 when it does not exist. */
  message: string;
}

/** Records of another entity that point here; deleting while any exist is a 400 with the message. */
export interface DependentRule {
  storage: string;
  /** The equality index of that entity whose partition for this id must be empty. */
  index: string;
  message: string;
}
