/** Fixtures of the product variation suites: select features with variants, products with their values, groups. */
import { expect } from 'vitest';
import { createFeature, createProduct, createStore, getOk } from './catalog.js';
import { expectStatus, uid } from './fixtures.js';
import { api } from './http.js';

export interface SelectFeature {
  id: number;
  /** Variant ids as strings, in the order given. */
  variants: string[];
}

/** A select feature (type S) with the named variants. */
export async function selectFeature(companyId: number, names: string[]): Promise<SelectFeature> {
  const id = await createFeature(companyId, { variants: names.map((variant) => ({ variant })) });
  const single = await getOk(`/api/features/${id}`);
  const byName = new Map(
    Object.values(single.variants as Record<string, { variant_id: string; variant: string }>).map((v) => [
      v.variant,
      v.variant_id,
    ]),
  );
  return { id, variants: names.map((name) => byName.get(name)!) };
}

export interface Catalog {
  companyId: number;
  color: SelectFeature;
  size: SelectFeature;
}

export async function catalog(): Promise<Catalog> {
  const companyId = await createStore();
  const [color, size] = await Promise.all([
    selectFeature(companyId, ['Red', 'Blue', 'Black']),
    selectFeature(companyId, ['S', 'M', 'L']),
  ]);
  return { companyId, color, size };
}

/** A product of the store with the given color and size variant ids. */
export function variantProduct(c: Catalog, color: string, size: string, fields: object = {}): Promise<number> {
  return createProduct({
    product: `T-shirt ${uid()}`,
    company_id: c.companyId,
    product_features: { [c.color.id]: color, [c.size.id]: size },
    ...fields,
  });
}

/** POST /product_variations_groups; returns the answer's group. */
export async function createVariationGroup(body: object): Promise<any> {
  const response = await api('POST', '/api/product_variations_groups', { body });
  expectStatus(response, 201);
  expect(response.json.message).toBe('');
  return response.json.group;
}
