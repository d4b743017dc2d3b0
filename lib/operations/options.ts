import { nextId } from '../db/counters.js';
import type { RecordOf } from '../db/entity-store.js';
import { optionsEntity, SELECTABLE_OPTION_TYPES } from '../entities/options.js';
import { present } from '../entities/present.js';
import { productsEntity } from '../entities/products.js';
import { invalidField, NotFoundError } from '../errors.js';
import { digitsOf } from '../http/digits.js';
import type { Operation } from '../http/operation.js';
import { ok } from '../http/response.js';
import { parseOptionVariants } from '../http/variants-body.js';
import { type EntityHooks, listOperation } from './crud.js';
import { instanceReader, instanceRepository } from './instance-repository.js';
import { deleteCombinationsUsing } from './option-combinations.js';

const options = /* @__PURE__ */ instanceRepository(optionsEntity);
const products = /* @__PURE__ */ instanceReader(productsEntity);

/**
 * The variants sent (a list, or an object of them), stored keyed by variant_id as the recording shows
 * them (every value a string but `image_pair`). A sent variant_id the option already has keeps its id.
 */
async function variantsOf(
  sent: unknown,
  optionId: number,
  existing: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const variants: Record<string, unknown> = {};
  for (const item of parseOptionVariants(sent)) {
    const kept =
      item.variant_id !== undefined && Object.hasOwn(existing, item.variant_id) ? item.variant_id : undefined;
    const id = kept ?? String(await nextId('option_variant'));
    const { variant_id: _sent, variant_name, position, status, ...modifiers } = item;
    variants[id] = {
      variant_name,
      variant_id: id,
      option_id: String(optionId),
      position: String(position),
      ...modifiers,
      status,
      image_pair: [],
    };
  }
  return variants;
}

const hasVariants = (value: unknown) => value !== null && typeof value === 'object' && Object.keys(value).length > 0;

/**
 * `variants` sent: the body must name option_type (CS-Cart #268), a selectable one. A non-selectable
 * type keeps no variants: changing an option with variants to one is a 400 unless `variants` empties them.
 */
function checkType(body: Record<string, unknown>, type: string, keptVariants: unknown): void {
  if (Object.hasOwn(body, 'variants') && !Object.hasOwn(body, 'option_type')) {
    throw invalidField('option_type', 'The option_type field is required');
  }
  const variants = Object.hasOwn(body, 'variants') ? body.variants : keptVariants;
  if (!SELECTABLE_OPTION_TYPES.includes(type) && hasVariants(variants)) {
    throw invalidField('option_type', `Options of option_type ${type} have no variants; use S, R or C`);
  }
}

const bodyOf = (body: unknown) => (body ?? {}) as Record<string, unknown>;

export const optionHooks: EntityHooks<typeof optionsEntity> = {
  create: async (values, request) => {
    checkType(bodyOf(request.body), String(values.option_type), undefined);
    return { ...values, variants: await variantsOf(values.variants ?? [], 0, {}) };
  },
  // Each variant names its option, whose id a create learns only now.
  withId: (record) => ({
    variants: Object.fromEntries(
      Object.entries((record.variants ?? {}) as Record<string, Record<string, unknown>>).map(([id, v]) => [
        id,
        { ...v, option_id: String(record.option_id) },
      ]),
    ),
  }),
  update: async (changes, current, request) => {
    checkType(bodyOf(request.body), String(changes.option_type ?? current.option_type), current.variants);
    if (changes.variants === undefined) return changes;
    const existing = (current.variants ?? {}) as Record<string, unknown>;
    return { ...changes, variants: await variantsOf(changes.variants, current.option_id, existing) };
  },
  // Exceptions and combinations naming a variant the option no longer has go with it.
  afterWrite: async (record, previous) => {
    if (previous && record.variants !== previous.variants) {
      await deleteCombinationsUsing(record.product_id ?? 0, record.option_id, (record.variants ?? {}) as object);
    }
  },
  // Exceptions and combinations that name the option (or one of its variants) go with it.
  afterDelete: (deleted) => deleteCombinationsUsing(deleted.product_id ?? 0, deleted.option_id),
};

/** The params keys of CS-Cart's answer that our echo has no value for. */
const PARAMS_DEFAULTS = { product_id: 0, q: null, excluded_ids: null, get_variants: false, option_id: null };

/** Every option of a product (none is a global one), by id. */
export async function optionsOfProduct(productId: number): Promise<RecordOf<typeof optionsEntity>[]> {
  const { records } = await options.list({
    conditions: [{ rule: { field: 'product_id', op: 'eq' }, values: [productId] }],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  return records;
}

/**
 * `GET /options`: the global options (product_id 0), wrapped with params. `GET /options?product_id=N`:
 * the product's own options as a bare object keyed by option_id, each with `cur_product_id` and without
 * `lang_code` (CS-Cart #264); an unknown product → 404.
 */
export function optionsListOperation(): Operation {
  const globalList = listOperation(options, {
    scope: () => [{ rule: { field: 'product_id', op: 'eq' }, values: [0] }],
  });
  return async (request) => {
    const text = request.query.product_id?.trim() ?? '';
    if (text === '' || text === '0') {
      const result = await globalList(request);
      const body = result.body as Record<string, Record<string, unknown>>;
      const params = {
        ...PARAMS_DEFAULTS,
        ...body.params,
        sort_order_rev: body.params!.sort_order === 'asc' ? 'desc' : 'asc',
      };
      return ok({ ...body, params, search: params });
    }
    const productId = digitsOf(text);
    if (productId === undefined)
      throw invalidField('product_id', 'The product_id field must be a non-negative integer');
    if (!(await products.get(productId))) throw new NotFoundError();
    const records = await optionsOfProduct(productId);
    const keyed: Record<string, unknown> = {};
    for (const record of records) {
      const { lang_code: _omitted, ...shown } = present(optionsEntity, record, 'single');
      keyed[String(record.option_id)] = { cur_product_id: String(productId), ...shown };
    }
    return ok(keyed);
  };
}
