import { featuresEntity } from '../entities/features.js';
import { present } from '../entities/present.js';
import { productsEntity } from '../entities/products.js';
import type { Operation } from '../http/operation.js';
import { readPaging, searchEcho } from '../http/paging.js';
import { ok } from '../http/response.js';
import { parseId } from '../http/route.js';
import { assertVisible } from './crud.js';
import { instanceRepository } from './instance-repository.js';

const products = /* @__PURE__ */ instanceRepository(productsEntity);
const features = /* @__PURE__ */ instanceRepository(featuresEntity);

/**
 * `GET /products/:id/features`: the features the product has values for, as list rows plus the
 * product's own `value`, `variant_id`, `value_int`, `variants` and `use_variant_picker` (the
 * recording's product-specific keys). A product has at most 100, so they are paged in memory.
 */
export const listProductFeatures: Operation = async (request) => {
  const { route, query } = request;
  const product = assertVisible(productsEntity, request, await products.get(parseId(route.id)));
  const paging = readPaging(query, ['id']);
  const values = (product.product_features ?? {}) as Record<string, Record<string, unknown>>;
  const ids = Object.keys(values)
    .map(Number)
    .sort((a, b) => a - b);
  if (paging.sortOrder === 'desc') ids.reverse();
  const offset = (paging.page - 1) * paging.itemsPerPage;
  const shown = await features.getMany(ids.slice(offset, offset + paging.itemsPerPage));
  const rows = shown.map((feature) => {
    const own = values[String(feature.feature_id)] ?? {};
    return {
      ...present(featuresEntity, feature, 'list'),
      value: own.value ?? '',
      variant_id: own.variant_id ?? '0',
      value_int: null,
      variants: own.variants ?? {},
      use_variant_picker: false,
    };
  });
  const echo = searchEcho(paging, { product_id: product.product_id }, ids.length);
  return ok({ features: rows, params: echo, search: echo });
};
