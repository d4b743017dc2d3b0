import { productIdsWithCode } from '../db/product-code-lookup.js';
import { normalizeText } from '../db/text-items.js';
import { productsEntity } from '../entities/products.js';
import type { EntityDefinition } from '../entities/types.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { digitsOf } from '../http/digits.js';
import type { ApiRequest } from '../http/operation.js';
import { type BatchItem, type ItemPlan, itemError } from './batch-body.js';
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
 * The same code of the same company twice in one batch (codes compared as the lookup compares them: case and
 * accents aside; no company_id and the default company's id are the same company) → 409 for the second: two
 * lookups racing would create two.
 * Returns, per batch, what each item comes to (undefined: an item this does not address).
 */
export function upsertPlanner(
  def: EntityDefinition,
): ((items: BatchItem[], request: ApiRequest) => (item: BatchItem) => Promise<ItemPlan> | undefined) | undefined {
  if (def !== productsEntity) return undefined;
  return (items, request) => {
    const addressed = (item: BatchItem) =>
      item.list === 'upsert' || (item.list === 'update' && byCode(item.value as Fields));
    // Resolved once per batch, and only when an item needs it: the default company and, per target, the
    // first item addressing it (company and normalized code: the lookup's own notion of "the same code").
    let targets: Promise<BatchTargets> | undefined;
    return (item) => {
      if (!addressed(item)) return undefined;
      targets ??= resolveTargets(items.filter(addressed), request);
      return targets.then((resolved) => planByCode(item, resolved));
    };
  };
}

const byCode = (fields: Fields) => fields.product_id === undefined && fields[CODE_FIELD] !== undefined;

type Target = { code: string; companyId: number; key: string } | { error: ReturnType<typeof itemError> };

interface BatchTargets {
  of: Map<BatchItem, Target>;
  firstOf: Map<string, BatchItem>;
}

async function resolveTargets(items: BatchItem[], request: ApiRequest): Promise<BatchTargets> {
  const named = items.map((item) => [item, targetOf(item.value as Fields, request)] as const);
  // No company named: the default company a create would put the product in (looked up once per batch).
  const needsDefault = named.some(([, target]) => !('error' in target) && target.companyId === 0);
  const defaultCompany = needsDefault ? ((await firstCompanyId()) ?? 0) : 0;
  const of = new Map<BatchItem, Target>();
  const firstOf = new Map<string, BatchItem>();
  for (const [item, target] of named) {
    const resolved = 'error' in target || target.companyId !== 0 ? target : withCompany(target.code, defaultCompany);
    of.set(item, resolved);
    if (!('error' in resolved) && !firstOf.has(resolved.key)) firstOf.set(resolved.key, item);
  }
  return { of, firstOf };
}

const withCompany = (code: string, companyId: number) => ({
  code,
  companyId,
  key: `${companyId}\u0000${normalizeText(code)}`,
});

function targetOf(fields: Fields, request: ApiRequest): Target {
  const code = fields[CODE_FIELD];
  if (typeof code !== 'string' || code.trim() === '' || code.length > MAX_CODE_LENGTH) {
    return {
      error: fieldError(CODE_FIELD, `The ${CODE_FIELD} field is required: text of 1 to ${MAX_CODE_LENGTH} characters`),
    };
  }
  let companyId = confinedCompany(productsEntity, request);
  if (companyId === undefined) {
    const sent = fields.company_id ?? 0;
    // A batch item is raw body text beyond the definition's fields: its company_id is read here.
    const parsed = typeof sent === 'number' ? sent : typeof sent === 'string' ? (digitsOf(sent) ?? NaN) : NaN;
    if (!Number.isSafeInteger(parsed) || parsed < 0)
      return { error: fieldError('company_id', 'The company_id field must be a non-negative integer') };
    companyId = parsed;
  }
  return withCompany(code, companyId);
}

async function planByCode(item: BatchItem, { of, firstOf }: BatchTargets): Promise<ItemPlan> {
  const fields = item.value as Fields;
  const target = of.get(item)!;
  if ('error' in target) return { result: target.error };
  const { code, companyId } = target;
  if (firstOf.get(target.key) !== item) {
    return {
      result: itemError(
        new ConflictError(`The product_code ${JSON.stringify(code)} is addressed more than once in this batch`),
      ),
    };
  }
  const ids = await productIdsWithCode(code, companyId);
  if (ids.length > 1) {
    return {
      result: itemError(
        new ConflictError(
          `${ids.length} products have the product_code ${JSON.stringify(code)}; address them by product_id`,
        ),
      ),
    };
  }
  const { product_id: _ignored, ...body } = fields;
  if (ids.length === 1) return { operation: 'update', id: String(ids[0]), body };
  if (item.list === 'update')
    return { result: itemError(new NotFoundError(`No product has the product_code ${JSON.stringify(code)}`)) };
  return { operation: 'create', body };
}
