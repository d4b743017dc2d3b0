import type { RecordOf } from '../db/entity-store.js';
import type { sraPagesEntity } from '../entities/sra-pages.js';
import { NotFoundError } from '../errors.js';
import type { Operation } from '../http/operation.js';
import { conditionalGet } from '../http/preconditions.js';
import { ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import { type EntityHooks, listOperation, presentAll } from './crud.js';
import { instanceRepository } from './instance-repository.js';
import { reviewFields } from './sra-discussion/index.js';
import { withClampedPaging } from './storefront-paging.js';
import { activeCompanyIds, checkShopperContext, visibleObject } from './storefront-visibility.js';

type Def = typeof sraPagesEntity;

/** A shopper's pages: status A or H, of the whole store (company 0) or an active store; a store's context must be active. */
const shopperHooks: EntityHooks<Def> = {
  scope: async (request) => {
    await checkShopperContext(request);
    return [
      { rule: { field: 'status', op: 'eq' }, values: ['A', 'H'] },
      { rule: { field: 'company_id', op: 'eq' }, values: [0, ...(await activeCompanyIds())] },
    ];
  },
};

/** `GET /sra_pages`: the administration's page list with the shopper's conditions. */
export const listShopperPages = (def: Def): Operation => {
  const list = listOperation(instanceRepository(def), shopperHooks);
  return (request) => list(withClampedPaging(request));
};

/**
 * `GET /sra_pages/:id`: the page when a shopper may see it (lib/operations/storefront-visibility.ts), else 404, with
 * the discussion type its reviews take and their `thread_id`.
 */
export const getShopperPage =
  (def: Def): Operation =>
  async (request) => {
    await checkShopperContext(request);
    const id = parseId(request.route.id);
    const record = await visibleObject(request, 'A', id);
    if (!record) throw new NotFoundError();
    const reviews = await reviewFields('A', id, record);
    const [shown] = await presentAll(def, {}, [{ ...record, ...reviews } as RecordOf<Def>], 'single');
    return conditionalGet(request, ok(shown));
  };
