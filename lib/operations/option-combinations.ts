import { crc32 } from 'node:zlib';
import type { RecordOf } from '../db/entity-store.js';
import { combinationsEntity } from '../entities/combinations.js';
import { exceptionsEntity } from '../entities/exceptions.js';
import { compareIdKeys, entriesInIdOrder } from '../entities/id-keys.js';
import { optionsEntity } from '../entities/options.js';
import { productsEntity } from '../entities/products.js';
import type { StoredEntityDefinition } from '../entities/types.js';
import { invalidField, NotFoundError } from '../errors.js';
import { digitsOf } from '../http/digits.js';
import { instanceReader, instanceRepository } from './instance-repository.js';

const products = /* @__PURE__ */ instanceReader(productsEntity);

/**
 * What exceptions and combinations share: a `combination` ({option_id: variant_id}) judged against a
 * product's options, the records of a product, and the cascades when an option or a product goes.
 */

/** Every record of a plain entity indexed by product_id, by id (a Query of that index partition). */
export async function recordsOfProduct<D extends StoredEntityDefinition>(
  def: D,
  productId: number,
): Promise<RecordOf<D>[]> {
  const { records } = await instanceReader(def).list({
    conditions: [{ rule: { field: 'product_id', op: 'eq' }, values: [productId] }],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  return records;
}

/** The product named by a write: it must exist (400 naming product_id otherwise, SPEC §10). */
export async function requireProduct(productId: number): Promise<void> {
  if (!(await products.get(productId)))
    throw invalidField('product_id', 'The product_id field names a product that does not exist');
}

/** The product of a collection read (`?product_id=`): required (400), and an unknown one is a 404. */
export async function productOfQuery(query: Record<string, string>): Promise<number> {
  const text = query.product_id?.trim() ?? '';
  if (text === '') throw invalidField('product_id', 'The product_id field is required');
  const productId = digitsOf(text);
  if (productId === undefined) throw invalidField('product_id', 'The product_id field must be a positive integer');
  if (productId === 0 || !(await products.get(productId))) throw new NotFoundError();
  return productId;
}

/**
 * A combination as stored: `{option_id: variant_id}` with string values, every option one of the
 * product's own options and every variant one of that option's variants (400 naming `combination`).
 */
export async function checkCombination(productId: number, sent: unknown): Promise<Record<string, string>> {
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent) || Object.keys(sent).length === 0) {
    throw invalidField('combination', 'The combination field must be a non-empty object of option_id: variant_id');
  }
  const options = await recordsOfProduct(optionsEntity, productId);
  const variantsOf = new Map(options.map((o) => [String(o.option_id), (o.variants ?? {}) as Record<string, unknown>]));
  const checked: Record<string, string> = {};
  for (const [optionId, variant] of Object.entries(sent as Record<string, unknown>)) {
    const variants = variantsOf.get(optionId);
    if (!variants)
      throw invalidField(
        'combination',
        `The combination field names option ${optionId}, which is not an option of product ${productId}`,
      );
    const variantId = typeof variant === 'number' || typeof variant === 'string' ? String(variant).trim() : '';
    if (!Object.hasOwn(variants, variantId))
      throw invalidField('combination', `The combination field names a variant that option ${optionId} does not have`);
    checked[optionId] = variantId;
  }
  return checked;
}

/** A canonical text of (product, combination): the same whatever order the pairs were sent in. */
export function combinationKey(productId: number, combination: Record<string, string>): string {
  // Option and variant ids are the text keys and values of a stored map: sorted as ids.
  const pairs = entriesInIdOrder(combination);
  return `${productId}:${pairs.map(([o, v]) => `${o}_${v}`).join(':')}`;
}

/**
 * CS-Cart's combination hash (fn_generate_cart_id): the variant ids in natural order, the product id in
 * front, joined by `_`, as an unsigned CRC32. Deterministic for (product, combination).
 */
export function combinationHash(productId: number, combination: Record<string, string>): number {
  // Variant ids are the text values of a stored map: sorted as ids.
  const variants = Object.values(combination).sort(compareIdKeys);
  const hash = crc32([String(productId), ...variants].join('_')) >>> 0;
  return hash === 0 ? 1 : hash;
}

async function deleteQuietly(def: StoredEntityDefinition, record: RecordOf<StoredEntityDefinition>): Promise<void> {
  const repository = instanceRepository(def);
  try {
    await repository.delete(repository.idOf(record));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
}

/**
 * Deleting an option takes the exceptions and combinations of its product that name it (as CS-Cart);
 * with `keptVariants` (an update of its variants), only those naming a variant it no longer has.
 */
export async function deleteCombinationsUsing(
  productId: number,
  optionId: number,
  keptVariants?: object,
): Promise<void> {
  if (productId === 0) return;
  for (const def of [exceptionsEntity, combinationsEntity]) {
    for (const record of await recordsOfProduct(def, productId)) {
      const combination = (record.combination ?? {}) as Record<string, string>;
      if (!Object.hasOwn(combination, String(optionId))) continue;
      if (keptVariants && Object.hasOwn(keptVariants, combination[String(optionId)]!)) continue;
      await deleteQuietly(def, record);
    }
  }
}

/** Deleting a product takes its options, exceptions and combinations with it (as CS-Cart). */
export async function deleteOptionsOfProduct(productId: number): Promise<void> {
  for (const def of [exceptionsEntity, combinationsEntity, optionsEntity]) {
    for (const record of await recordsOfProduct(def, productId)) await deleteQuietly(def, record);
  }
}
