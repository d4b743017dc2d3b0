import { sraWishListEntity } from '../../lib/entities/sra-wish-list.js';
import { readWishList } from '../../lib/operations/storefront-account/wish-list.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraWishListEntity, 'sra_wish_list.list', readWishList);
