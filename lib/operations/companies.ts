import type { storesEntity } from '../entities/companies.js';
import { productsEntity } from '../entities/products.js';
import type { EntityHooks } from './crud.js';
import { deletePostsOf } from './discussions/index.js';
import { instanceRepository } from './instance-repository.js';

const products = /* @__PURE__ */ instanceRepository(productsEntity);

/**
 * Stores and vendors. Products carry a copy of their company's name (`company_name`, so a GET of one
 * product stays one read); a PUT that sends `company` rewrites that copy on each of the company's products,
 * one conditional write each. An interrupted rename is completed by repeating the PUT.
 */
export const companyHooks: EntityHooks<typeof storesEntity> = {
  afterWrite: async (record, previous, request) => {
    if (!previous || !request.body || !Object.hasOwn(request.body, 'company')) return;
    const companyId = record.company_id;
    const name = String(record.company ?? '');
    for (const productId of await products.idsIn('company_id', companyId)) {
      // A product moved to another company meanwhile got that company's name from the move.
      await products.update(productId, (current) => (current.company_id === companyId ? { company_name: name } : {}));
    }
  },
};

/** A deleted company's reviews (object type M) go with it, as CS-Cart deletes an object's discussion with it. */
export const companyDeleteHooks: EntityHooks<typeof storesEntity> = {
  afterDelete: async (deleted) => {
    await deletePostsOf('M', deleted.company_id);
  },
};
