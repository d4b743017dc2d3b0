import { cartsEntity } from '../entities/carts.js';
import { NotFoundError } from '../errors.js';
import type { Operation } from '../http/api-handler.js';
import { readPaging, searchEcho } from '../http/paging.js';
import { ok } from '../http/response.js';
import { parseId } from '../http/route.js';

/**
 * Carts exist for a user only once something created them (SPEC §10 Carts; the recording's #212). This API
 * has no storefront, so nothing ever creates one: every cart is absent.
 */
function noCart(rawId: string | undefined): never {
  parseId(rawId);
  throw new NotFoundError();
}

/** GET /carts: CS-Cart lists only carts that hold products; none exists here, so the page is empty (paging echoed). */
export const listCarts: Operation = async ({ query }) => {
  const echo = searchEcho(readPaging(query, cartsEntity.sortKeys), {}, 0);
  return ok({ carts: [], params: echo, search: echo });
};

/** GET /carts/:user_id: 404, the user has no cart (with or without the user existing). */
export const getCart: Operation = async (request) => noCart(request.route.id);

/** DELETE /carts/:user_id: 404, there is no cart to delete. */
export const deleteCart: Operation = async (request) => noCart(request.route.id);
