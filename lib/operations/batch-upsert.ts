import { productIdsWithCode } from '../db/product-code-lookup.js';
import { productsEntity } from '../entities/products.js';
import type { EntityDefinition } from '../entities/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { ApiRequest } from '../stack/request.js';
import { itemError, type BatchItem, type ItemPlan } from './batch-body.js';
import { confinedCompany } from './company-scope.js';
import { firstCompanyId } from './product-defaults.js';

const CODE_FIELD = 'product_code';
const MAX_CODE_LENGTH = 64;

type Fields = Record<string, unknown>;
const fieldError = (field: string, message: string) => itemError(new ValidationError(message, [{ field, message }]));

/**
 * Products only: items addressed by `product_code` — every `upsert` item, and `update` items that carry a
 * product_code and no product_id. The code is looked up among the products of one company
 * (lib/db/product-code-lookup.ts): a vendor's own (as every vendor write is), a store or vendor context path's,
 * else the item's `company_id` — for a root or other administrator without one, the default company (the first
 * store), which is where a single POST without company_id puts a product (lib/operations/product-defaults.ts). No product → the upsert creates it (an update by code is
 * a 404); exactly one → it is updated (`PUT /products/<id>` with the item); more than one → 409 naming the code.
 * The same code of the same company twice in one batch → 409 for the second: two lookups racing would create two.
 * Returns, per batch, what each item comes to (undefined: an item this does not address).
 */
export function upsertPlanner(def: EntityDefinition): ((items: BatchItem[], request: ApiRequest) => (item: BatchItem) => Promise<ItemPlan> | undefined) | undefined {
  if (def !== productsEntity) return undefined;
  return (items, request) => {
    const addressed = (item: BatchItem) => item.list === 'upsert' || (item.list === 'update' && byCode(item.value as Fields));
    const firstOf = new Map<string, BatchItem>();
    for (const item of items) {
      const target = addressed(item) ? targetOf(item.value as Fields, request) : undefined;
      if (target && !('error' in target) && !firstOf.has(target.key)) firstOf.set(target.key, item);
    }
    return (item) => {
      if (!addressed(item)) return undefined;
      return planByCode(item, request, firstOf);
    };
  };
}

const byCode = (fields: Fields) => fields.product_id === undefined && fields[CODE_FIELD] !== undefined;

type Target = { code: string; companyId: number; key: string } | { error: ReturnType<typeof itemError> };

function targetOf(fields: Fields, request: ApiRequest): Target {
  const code = fields[CODE_FIELD];
  if (typeof code !== 'string' || code.trim() === '' || code.length > MAX_CODE_LENGTH) {
    return { error: fieldError(CODE_FIELD, `The ${CODE_FIELD} field is required: text of 1 to ${MAX_CODE_LENGTH} characters`) };
  }
  let companyId = confinedCompany(productsEntity, request);
  if (companyId === undefined) {
    const sent = fields.company_id ?? 0;
    const parsed = typeof sent === 'number' ? sent : typeof sent === 'string' && /^\d{1,15}$/.test(sent) ? Number(sent) : NaN;
    if (!Number.isSafeInteger(parsed) || parsed < 0) return { error: fieldError('company_id', 'The company_id field must be a non-negative integer') };
    companyId = parsed;
  }
  return { code, companyId, key: `${companyId}\u0000${code}` };
}

async function planByCode(item: BatchItem, request: ApiRequest, firstOf: Map<string, BatchItem>): Promise<ItemPlan> {
  const fields = item.value as Fields;
  const target = targetOf(fields, request);
  if ('error' in target) return { result: target.error };
  const { code, companyId } = target;
  if (firstOf.get(target.key) !== item) {
    return { result: itemError(new ConflictError(`The product_code ${JSON.stringify(code)} is addressed more than once in this batch`)) };
  }
  // No company named: the default company a create would put the product in.
  const ids = await productIdsWithCode(code, companyId === 0 ? ((await firstCompanyId()) ?? 0) : companyId);
  if (ids.length > 1) {
    return { result: itemError(new ConflictError(`${ids.length} products have the product_code ${JSON.stringify(code)}; address them by product_id`)) };
  }
  const { product_id: _ignored, ...body } = fields;
  if (ids.length === 1) return { operation: 'update', id: String(ids[0]), body };
  if (item.list === 'update') return { result: itemError(new NotFoundError(`No product has the product_code ${JSON.stringify(code)}`)) };
  return { operation: 'create', body };
}
