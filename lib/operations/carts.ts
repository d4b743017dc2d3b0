import { getUser } from '../db/users.js';
import { cartsEntity } from '../entities/carts.js';
import { present } from '../entities/present.js';
import { NotFoundError } from '../errors.js';
import type { Operation } from '../http/api-handler.js';
import { readPaging, searchEcho } from '../http/paging.js';
import { noContent, ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import { presentUsers } from './users.js';
import { checkIfMatch, conditionalGet, specificIfMatch } from '../http/preconditions.js';

/** The cart of an existing user (always empty: nothing fills carts without a storefront); 404 for an unknown user. */
async function cartOf(rawId: string | undefined) {
  const user = await getUser(parseId(rawId));
  if (!user) throw new NotFoundError();
  return user;
}

/** GET /carts: CS-Cart lists only carts that hold products; none does here, so the page is empty (paging echoed). */
export const listCarts: Operation = async ({ query }) => {
  const echo = searchEcho(readPaging(query, cartsEntity.sortKeys), {}, 0);
  return ok({ carts: [], params: echo, search: echo });
};

/** GET /carts/:user_id: the user's (empty) cart in the recording's shape, `user_data` the user's profile. */
export const getCart: Operation = async (request) => conditionalGet(request, ok(await cartBody(request.route.id)));

async function cartBody(rawId: string | undefined) {
  const user = await cartOf(rawId);
  const [userData] = await presentUsers([user], 'single');
  const cart = {
    user_id: user.user_id,
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    company_id: user.company_id ?? 0,
    phone: user.phone ?? '',
    user_data: userData!,
  };
  return present(cartsEntity, cart, 'single');
}

/** DELETE /carts/:user_id: empties the user's cart (already empty) → 204; 404 for an unknown user. */
export const deleteCart: Operation = async (request) => {
  // Emptying changes nothing here (carts are always empty), so judging If-Match on the cart as now shown cannot lose an update.
  if (specificIfMatch(request)) {
    const body = await cartBody(request.route.id);
    await checkIfMatch(request, () => body);
  } else {
    await cartOf(request.route.id);
  }
  return noContent();
};
