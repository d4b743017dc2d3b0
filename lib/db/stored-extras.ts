/**
 * The stored attributes of a plain entity's record that are not fields of its definition, named per entity so a
 * record type (lib/db/entity-reads.ts `RecordOf`) stays exact: `record.amuont` does not compile, and an attribute
 * an entity keeps beside its fields is written down here with its type rather than let in by an index signature.
 */

import type { CartLines, GroupFeature, PriceRow } from '../entities/stored-shapes.js';

/**
 * What every stored record holds besides its fields: its version (optimistic writes) and item layout
 * (lib/db/layout.ts). Type aliases, not interfaces, here and in StoredExtras' entries: an object type alias
 * passes where the generic storage code takes any record (lib/db/entity-items.ts StoredRecord), an interface not.
 */
export type StoredAttributes = {
  version: number;
  layout?: number;
};

/**
 * Per entity name: the attributes its records keep beside the fields of its definition, and the shape of an
 * `object` field where the definition can only say "an object" (a cart's `lines`).
 */
export interface StoredExtras {
  carts: { lines?: CartLines };
  product_variations_groups: { features?: readonly GroupFeature[] };
  products: { prices?: readonly PriceRow[] };
  /** The storefront's vendors are the companies' records: the contact and address fields its answer regroups. */
  sra_vendors: {
    phone?: string;
    url?: string;
    address?: string;
    city?: string;
    state?: string;
    country?: string;
    zipcode?: string;
  };
}

export type StoredExtrasOf<D extends { name: string }> = D['name'] extends keyof StoredExtras
  ? StoredExtras[D['name']]
  : Record<never, never>;
