import { writeAnswer } from '../entities/answers.js';
import { exceptionsEntity as def } from '../entities/exceptions.js';
import type { WriteValuesOf } from '../entities/record-types.js';
import type { FieldValues } from '../entities/validate.js';
import { invalidField, NotFoundError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { created, ok } from '../http/response.js';
import { createValuesOf } from '../http/typed-input.js';
import { type EntityHooks, presentAll } from './crud.js';
import { instanceRepository } from './instance-repository.js';
import {
  checkCombination,
  combinationKey,
  productOfQuery,
  recordsOfProduct,
  requireProduct,
} from './option-combinations.js';

const exceptions = /* @__PURE__ */ instanceRepository(def);

/** The exception already holding a (product, combination), if any (a Query of the combination_key index). */
async function existing(key: string): Promise<number | undefined> {
  const { records } = await exceptions.list({
    conditions: [{ rule: { field: 'combination_key', op: 'eq' }, values: [key] }],
    sortBy: 'id',
    descending: false,
    page: 1,
    itemsPerPage: 1,
  });
  return records[0] ? records[0].exception_id : undefined;
}

async function judged(productId: number, combination: unknown): Promise<FieldValues> {
  const checked = await checkCombination(productId, combination);
  return { combination: checked, combination_key: combinationKey(productId, checked) };
}

export const exceptionHooks: EntityHooks<typeof def> = {
  update: async (changes, current) => {
    const productId = current.product_id ?? 0;
    if (changes.product_id !== undefined && changes.product_id !== productId) {
      throw invalidField('product_id', `The product_id field must be the exception's product (${productId})`);
    }
    const values = await judged(productId, changes.combination);
    const other = await existing(String(values.combination_key));
    if (other !== undefined && other !== current.exception_id) {
      throw invalidField('combination', `The combination field repeats exception ${other}`);
    }
    return { ...changes, product_id: productId, ...values };
  },
};

/** `GET /exceptions?product_id=N`: the product's exceptions as a bare list; none (or no such product) → 404 as CS-Cart. */
export const exceptionsListOperation: Operation = async (request) => {
  const productId = await productOfQuery(request.query);
  const records = await recordsOfProduct(def, productId);
  if (records.length === 0) throw new NotFoundError();
  return ok(await presentAll(def, {}, records, 'list'));
};

/** POST: a combination the product already has an exception for answers that exception's id (CS-Cart). */
export const exceptionsCreateOperation: Operation = async (request) => {
  const values = createValuesOf(def, request.body ?? {});
  const productId = values.product_id;
  await requireProduct(productId);
  const combination = await judged(productId, values.combination);
  const repeated = await existing(String(combination.combination_key));
  if (repeated !== undefined) return created(writeAnswer(def, 'create', repeated));
  const record = await exceptions.create({ ...values, ...combination } as WriteValuesOf<typeof def>);
  return created(writeAnswer(def, 'create', record.exception_id));
};
