/**
 * CS-Cart's paging and list wrappers, as the recording's §0 describes them (pure: unit-tested against the recording
 * in test/unit/cscart-store-paging.test.ts).
 * - `sql` entities (products, orders, users, …): `{"<key>":[…],"params":{…,"page":int,"items_per_page":int,
 *   "total_items":"<string>"}}`.
 * - `slice` entities (languages, statuses, taxes, payments, shippings, settings): `params` is
 *   `{"items_per_page":"<string>","page":int (the query's string when it sent one),"total_items":int}`.
 * - `typed` (product_variations_groups): all three ints. `langvars`: as `sql` but `total_items` an int.
 * - `keyed` wrapper (languages): the list is an object keyed by a field; `bare-list` and `bare-keyed`: no wrapper,
 *   no params, no paging (blocks, exceptions; usergroups, a product's options).
 * The default page size is 50 (the store's `admin_elements_per_page`). Past the last page CS-Cart repeats the last
 * one (SQL entities clamp the page); `pastEnd: 'empty'` answers an empty page instead, as array_slice would.
 */
import type { CsRow } from './shapes.js';

export type ParamsStyle = 'sql' | 'slice' | 'typed' | 'langvars';
export type Wrapper =
  | { kind: 'list'; key: string }
  | { kind: 'keyed'; key: string; by: string }
  | { kind: 'bare-list' }
  | { kind: 'bare-keyed'; by: string };
export type PastEnd = 'repeat' | 'empty';

export const DEFAULT_ITEMS_PER_PAGE = 50;

export interface PageRequest {
  /** The query's `page` and `items_per_page` as sent (strings), absent when not sent. */
  page?: string;
  itemsPerPage?: string;
}

export interface PageSlice<T> {
  items: T[];
  page: number;
  itemsPerPage: number;
  total: number;
}

const positive = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/** The page a query asks for, with CS-Cart's clamping (a page past the end repeats the last one unless `empty`). */
export function slicePage<T>(all: readonly T[], request: PageRequest, pastEnd: PastEnd): PageSlice<T> {
  const itemsPerPage = positive(request.itemsPerPage, DEFAULT_ITEMS_PER_PAGE);
  const asked = positive(request.page, 1);
  const lastPage = Math.max(1, Math.ceil(all.length / itemsPerPage));
  const page = asked > lastPage && pastEnd === 'repeat' ? lastPage : asked;
  const start = (page - 1) * itemsPerPage;
  // CS-Cart's db_paginate clamps the page by reference, so the echo names the page it answered.
  return { items: all.slice(start, start + itemsPerPage), page, itemsPerPage, total: all.length };
}

/** The `params` echo of a paged answer, in the style's JSON types; `extra` are the search's other keys. */
export function pageParams(
  style: ParamsStyle,
  slice: PageSlice<unknown>,
  request: PageRequest,
  extra: CsRow = {},
): CsRow {
  switch (style) {
    // array_slice entities echo only the three paging keys.
    case 'slice':
      return {
        items_per_page: request.itemsPerPage ?? String(DEFAULT_ITEMS_PER_PAGE),
        page: request.page ?? slice.page,
        total_items: slice.total,
      };
    case 'typed':
      return { items_per_page: slice.itemsPerPage, page: slice.page, total_items: slice.total };
    case 'langvars':
      return { page: slice.page, items_per_page: slice.itemsPerPage, ...extra, total_items: slice.total };
    default:
      return {
        page: slice.page,
        items_per_page: slice.itemsPerPage,
        ...extra,
        sort_order: extra.sort_order ?? 'asc',
        sort_by: extra.sort_by ?? '',
        sort_order_rev: extra.sort_order === 'desc' ? 'asc' : 'desc',
        total_items: String(slice.total),
      };
  }
}

/** Rows keyed by one of their fields (PHP's assoc array); an empty one is `[]`, as PHP's json_encode writes it. */
export function keyedBy(rows: readonly CsRow[], field: string): CsRow | [] {
  if (rows.length === 0) return [];
  return Object.fromEntries(rows.map((row) => [String(row[field]), row]));
}

/** The whole answer body of a collection GET. */
export function wrap(wrapper: Wrapper, rows: readonly CsRow[], params: CsRow | undefined): unknown {
  switch (wrapper.kind) {
    case 'bare-list':
      return rows;
    case 'bare-keyed':
      return keyedBy(rows, wrapper.by);
    case 'keyed':
      return { [wrapper.key]: keyedBy(rows, wrapper.by), params };
    default:
      return { [wrapper.key]: rows, params };
  }
}
