import { seedRecord } from '../db/seed-record.js';
import { writeAnswer } from '../entities/answers.js';
import { combinationsEntity as def } from '../entities/combinations.js';
import { invalidField } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { created, ok } from '../http/response.js';
import { createValuesOf } from '../http/typed-input.js';
import { presentAll, updateOperation } from './crud.js';
import { instanceRepository } from './instance-repository.js';
import { instanceTable } from './instance-table.js';
import {
  checkCombination,
  combinationHash,
  productOfQuery,
  recordsOfProduct,
  requireProduct,
} from './option-combinations.js';

/**
 * `GET /combinations?product_id=N`: the product's combinations as a JSON list (`[]` when none), as CS-Cart
 * 4.3 builds it (`fn_get_product_options_inventory`, a `db_get_array`) and clients parse it; product_id required.
 */
export const combinationsListOperation: Operation = async (request) => {
  const productId = await productOfQuery(request.query);
  return ok(await presentAll(def, {}, await recordsOfProduct(def, productId), 'list'));
};

/**
 * POST: the record is written under its hash (a conditional Put), so the same (product, combination)
 * twice is a 400 naming `combination` with the existing hash in the message; nothing is overwritten.
 */
export const combinationsCreateOperation: Operation = async (request) => {
  const values = createValuesOf(def, request.body ?? {});
  const productId = values.product_id;
  await requireProduct(productId);
  const combination = await checkCombination(productId, values.combination);
  const hash = combinationHash(productId, combination);
  const written = await seedRecord(
    def,
    hash,
    { ...values, combination } as Parameters<typeof seedRecord>[2],
    instanceTable,
  );
  if (!written) throw invalidField('combination', `The combination field repeats combination ${hash} of this product`);
  return created(writeAnswer(def, 'create', hash));
};

/** PUT: amount, product_code, position; the answer carries the hash as a string like POST's (the definition's answers). */
export const combinationsUpdateOperation: Operation = updateOperation(instanceRepository(def));
