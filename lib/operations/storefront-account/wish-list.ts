import { readUserDocument, type UserDocument, writeUserDocument } from '../../db/user-documents.js';
import { ConflictError, invalidField, NotFoundError } from '../../errors.js';
import { parseCartLines } from '../../http/cart-lines-body.js';
import type { Operation } from '../../http/operation.js';
import { created, noContent, ok } from '../../http/response.js';
import { type CartLine, type CartLines, cartItemId, linesToAdd, MAX_LINES } from '../carts/lines.js';
import { priceCart } from '../carts/rules.js';
import { type CartStore, cartStoreOn } from '../carts/store.js';
import { checkAvailable, itemIdOf, productsOf } from '../carts/storefront.js';
import { contextCompany } from '../company-scope.js';
import { instanceTable } from '../instance-table.js';

/**
 * The shopper's wish list, `/sra_wish_list` (CS-Cart's `SraWishList`: a cart of type W). Its lines are a cart's
 * (lib/operations/carts/lines.ts: the same body, the same cart item ids, the same product and option checks), kept in
 * the shopper's own WISHLIST document (lib/db/user-documents.ts) and shown priced from the products now. A product
 * already in the list is a 409, as CS-Cart's `product_in_wishlist`; nothing else is judged (no stock: a wish is not
 * a purchase). The owner is always the caller: one shopper never reaches another's list.
 */

const linesOf = (document: UserDocument | undefined): CartLines => ({
  ...((document?.lines as CartLines | undefined) ?? {}),
});

/** GET /sra_wish_list: `{"products": {"<cart item id>": line}}`, each line priced from its product now. */
export const readWishListOf =
  (store: CartStore): Operation =>
  async ({ caller }) => {
    const lines = linesOf(await readUserDocument('WISHLIST', caller.userId));
    return ok({ products: priceCart(lines, await productsOf(store, Object.values(lines))).products });
  };

/** POST /sra_wish_list `{"products": {…}}` (the cart's form) → 201 `{"cart_ids", "message": false}`; 409 for one already there. */
export const addToWishListOf =
  (store: CartStore): Operation =>
  async (request) => {
    const added = linesToAdd(parseCartLines(request.body ?? {}));
    await checkAvailable(store, added, contextCompany(request));
    const written: Array<[string, CartLine]> = [];
    await writeUserDocument('WISHLIST', request.caller.userId, (current) => {
      const lines = linesOf(current);
      written.length = 0;
      for (const line of added) {
        const id = cartItemId(line.product_id, line.product_options);
        if (lines[id]) throw new ConflictError(`The product ${line.product_id} is already in the wish list`);
        lines[id] = line;
        written.push([id, line]);
      }
      if (Object.keys(lines).length > MAX_LINES)
        throw invalidField('products', `A wish list holds at most ${MAX_LINES} products`);
      return { lines };
    });
    const cartIds = Object.fromEntries(written.map(([id, line]) => [id, line.product_id]));
    return created({ cart_ids: cartIds, message: false });
  };

/** DELETE /sra_wish_list/:cart_item_id removes one (404 when the list has none such); DELETE /sra_wish_list empties it. 204. */
export const removeFromWishList: Operation = async ({ caller, route }) => {
  const itemId = itemIdOf(route.id);
  await writeUserDocument('WISHLIST', caller.userId, (current) => {
    if (itemId === undefined) return undefined;
    const lines = linesOf(current);
    if (!lines[itemId]) throw new NotFoundError(`The wish list has no item ${itemId}`);
    delete lines[itemId];
    return Object.keys(lines).length > 0 ? { lines } : undefined;
  });
  return noContent();
};

const carts = /* @__PURE__ */ cartStoreOn(instanceTable);
export const readWishList = readWishListOf(carts);
export const addToWishList = addToWishListOf(carts);
