import { defineEntity } from './define.js';
import { sraCartContentEntity } from './sra-cart-content.js';

const cartDocs = sraCartContentEntity.docs!;
const cartCollection = sraCartContentEntity.http.collection!.schema as { properties: Record<string, unknown> };

/**
 * The shopper's wish list (CS-Cart's `SraWishList`, a cart of type W), at `/api/4.0/sra_wish_list[/:cart_item_id]`:
 * GET `{"products": {…}}` (the cart's lines, priced now), POST adds products in the cart's form (201 `{"cart_ids",
 * "message": false}`; a product already there: 409), DELETE `/:cart_item_id` removes one, DELETE on the collection
 * empties it. Only a signed-in customer's (or an administrator's own); one shopper never reaches another's.
 * lib/operations/storefront-account/wish-list.ts; stored as the shopper's WISHLIST document (lib/db/user-documents.ts).
 */
export const sraWishListEntity = defineEntity({
  name: 'sra_wish_list',
  schema: { idField: 'cart_id', fields: {} },
  http: {
    operations: ['list', 'create', 'delete'],
    collectionWrites: ['delete'],
    privileges: 'none',
    storefrontAccess: 'customer',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: { products: cartCollection.properties.products },
        required: ['products'],
      },
    },
  },
  docs: {
    bodySchemas: { create: cartDocs.bodySchemas!.create! },
    answerSchemas: { create: cartDocs.answerSchemas!.create! },
  },
  // The WISHLIST document (GetItem, then a conditional PutItem or DeleteItem); the products and options by BatchGetItem.
  deployment: {
    domain: 'shoppers',
    functions: {
      list: { access: ['GetItem'] },
      create: { access: ['GetItem', 'PutItem'] },
      delete: { access: ['GetItem', 'PutItem', 'DeleteItem'] },
    },
  },
});
