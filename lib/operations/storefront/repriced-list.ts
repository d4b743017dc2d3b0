import type { ListCondition } from '../../db/entity-list.js';
import type { RecordOf } from '../../db/entity-store.js';
import { sortableValue } from '../../db/list-filter.js';
import { repricedProducts } from '../../db/repriced-products.js';
import { productsEntity } from '../../entities/products.js';
import { readFilters } from '../../entities/validate.js';
import type { ApiRequest } from '../../http/operation.js';
import { readListPaging, searchEcho } from '../../http/paging.js';
import { type EntityHooks, listConditions, presentAll } from '../crud.js';
import { instanceReader } from '../instance-repository.js';
import { instanceTable } from '../instance-table.js';
import { withSwitchedFields } from '../switched-fields.js';
import { inPriceRange, mainWindow, mergedPage, repricedFor } from './repriced.js';
import type { Shopper } from './shopper.js';

type Product = RecordOf<typeof productsEntity>;

const products = /* @__PURE__ */ instanceReader(productsEntity);

/**
 * `price_from`, `price_to` and `sort_by=price` at the shopper's price (SPEC §11): the products the shopper sees
 * below their own price (usergroup and quantity rows, lib/db/repriced-products.ts) are taken out of the list read
 * by the stored price, judged at their shopper's price, and merged back in order. The list read is the page plus
 * as many rows as there are such products, so the cost stays in proportion to the answer plus those few products.
 * Undefined when the query asks nothing of the price or no product is priced differently for this shopper: the
 * ordinary list answers then.
 */
export async function repricedList(
  request: ApiRequest,
  hooks: EntityHooks<typeof productsEntity>,
  shopper: Shopper,
  amount: number,
): Promise<Record<string, unknown> | undefined> {
  const filters = readFilters(productsEntity, request.query);
  const sortRules = productsEntity.storage.sortRules ?? {};
  const { paging } = readListPaging(request.query, ['id', ...Object.keys(sortRules)]);
  const from = filters.price_from === undefined ? undefined : String(filters.price_from);
  const to = filters.price_to === undefined ? undefined : String(filters.price_to);
  if (from === undefined && to === undefined && paging.sortBy !== 'price') return undefined;
  const repriced = repricedFor(await repricedProducts(instanceTable), shopper.groups, amount);
  if (repriced.size === 0) return undefined;

  const conditions = await listConditions(productsEntity, hooks, request, filters);
  const unpriced = conditions.filter((c) => c.rule.field !== 'price');
  const passing = [...repriced].filter(([, price]) => inPriceRange(price, from, to)).map(([id]) => id);
  const others: ListCondition = { rule: { field: 'product_id', op: 'none' }, values: [...repriced.keys()] };
  const extras =
    passing.length === 0
      ? []
      : (
          await products.list({
            conditions: [...unpriced, { rule: { field: 'product_id', op: 'eq' }, values: passing }],
            sortBy: 'id',
            descending: false,
            page: 1,
            itemsPerPage: passing.length,
          })
        ).records;

  const start = (paging.page - 1) * paging.itemsPerPage;
  const window = mainWindow(start, paging.itemsPerPage, extras.length);
  const { slice, total } = await readWindow([...conditions, others], paging, window);
  const compare = orderOf(paging.sortBy, paging.sortOrder === 'desc', repriced);
  const records = mergedPage(slice, window.from, extras, compare, start, paging.itemsPerPage);
  const echo = { ...searchEcho(paging, filters, total + extras.length), next: null };
  const rows = withSwitchedFields(
    productsEntity,
    request.query,
    records,
    await presentAll(productsEntity, hooks, records, 'list'),
  );
  return { products: rows, params: echo, search: echo };
}

/** The list's rows at positions [from, to): one page of that size, or two where the window straddles pages. */
async function readWindow(
  conditions: ListCondition[],
  paging: { sortBy: string; sortOrder: string },
  window: { from: number; to: number },
): Promise<{ slice: Product[]; total: number }> {
  const size = window.to - window.from;
  const first = Math.floor(window.from / size) + 1;
  const read = (page: number) =>
    products.list({
      conditions,
      sortBy: paging.sortBy,
      descending: paging.sortOrder === 'desc',
      page,
      itemsPerPage: size,
    });
  const pages = [await read(first)];
  if (first * size < window.to && pages[0]!.records.length === size) pages.push(await read(first + 1));
  const rows = pages.flatMap((page) => page.records);
  const offset = window.from - (first - 1) * size;
  return { slice: rows.slice(offset, offset + size), total: pages[0]!.total };
}

/** The list's order over records: the sort's value (the shopper's price for `price`), then the id. */
function orderOf(sortBy: string, descending: boolean, repriced: ReadonlyMap<number, string>) {
  const rule = productsEntity.storage.sortRules?.[sortBy];
  const key = (record: Product): string | number => {
    if (!rule) return record.product_id;
    // The shopper's price (decimal text) sorts as the stored price does: as a number (the rule is numeric).
    if (sortBy === 'price') return sortableValue(repriced.get(record.product_id) ?? record.price, rule.numeric);
    return sortableValue(record[rule.field as keyof Product] as never, rule.numeric);
  };
  return (a: Product, b: Product) => {
    const ka = key(a);
    const kb = key(b);
    const order = ka < kb ? -1 : ka > kb ? 1 : a.product_id - b.product_id;
    return descending ? -order : order;
  };
}
