import { NAME_WORDS } from './catalog.js';
import type { ScalingCase } from './list-scaling.js';
import { productListScenario } from './scenarios.js';

/**
 * Page 1 of `GET /api/products` at 100 and at 10,000 products, unfiltered and with each filter. Budgeted
 * (time ratio and equal round trips): the unfiltered list, the seed's filters (free_shipping, is_edp,
 * company_id) and cid, for a category with subcategories (subcats=Y, CS-Cart's default) and for a leaf.
 * status, q and the price range are shown without a budget (lib/db/entity-list.ts: status is an indexed
 * equality like the seed's filters; q and price are FilterExpressions on the `all` partition, whose
 * total_items is a COUNT query over it, so they read the whole partition by design).
 */
const product = (
  label: string,
  budgeted: boolean,
  query: Parameters<typeof productListScenario>[0],
  note?: string,
): ScalingCase => ({
  scenario: productListScenario(query),
  label,
  records: 'products',
  budgeted,
  ...(note ? { note } : {}),
});

export const PRODUCT_LIST_CASES: readonly ScalingCase[] = [
  product('unfiltered', true, () => ({})),
  product('free_shipping=Y (1 in 5)', true, () => ({ free_shipping: 'Y' })),
  product('is_edp=Y (1 in 10)', true, () => ({ is_edp: 'Y' })),
  product('company_id=store A (1 in 2)', true, (world) => ({ company_id: String(world.catalog.storeIds[0]) })),
  product('cid=top category, subcats=Y (3 in 4, 3 subcategories)', true, (world) => ({
    cid: String(world.catalog.categories.top),
  })),
  product('cid=leaf category (1 in 4)', true, (world) => ({ cid: String(world.catalog.categories.leaf) })),
  product('status=A (9 in 10)', false, () => ({ status: 'A' })),
  product(
    `q=${NAME_WORDS[3]} (1 in 10)`,
    false,
    () => ({ q: NAME_WORDS[3] }),
    'FilterExpression on the all partition, total by COUNT query over it',
  ),
  product(
    'price_from=100&price_to=200 (1 in 10)',
    false,
    () => ({ price_from: '100', price_to: '200' }),
    'FilterExpression on the all partition, total by COUNT query over it',
  ),
];
