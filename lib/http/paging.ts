import { ValidationError } from '../errors.js';
import { decodeCursor } from './cursor.js';
import { badRequest } from './http-errors.js';

export const DEFAULT_ITEMS_PER_PAGE = 10;
export const MAX_ITEMS_PER_PAGE = 250;

export interface Paging {
  page: number;
  itemsPerPage: number;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
}

const invalid = (field: string, message: string) =>
  new ValidationError(`The ${field} field ${message}`, [{ field, message: `The ${field} field ${message}` }]);

/**
 * SPEC §3 paging: page defaults to 1 and values below 1 mean 1; items_per_page
 * defaults to 10 and must be an integer from 1 to 250; unknown sort keys fall back
 * to the default (id ascending).
 */
export function readPaging(query: Record<string, string>, sortKeys: readonly string[] = ['id']): Paging {
  const pageText = query.page?.trim() ?? '';
  let page = 1;
  if (pageText !== '') {
    if (!/^-?\d+$/.test(pageText)) throw invalid('page', 'must be an integer');
    page = Math.max(1, Math.min(Number(pageText), 1_000_000));
  }
  const perPageText = query.items_per_page?.trim() ?? '';
  let itemsPerPage = DEFAULT_ITEMS_PER_PAGE;
  if (perPageText !== '') {
    const n = /^\d+$/.test(perPageText) ? Number(perPageText) : NaN;
    if (!(n >= 1 && n <= MAX_ITEMS_PER_PAGE)) {
      throw invalid('items_per_page', `must be an integer from 1 to ${MAX_ITEMS_PER_PAGE}`);
    }
    itemsPerPage = n;
  }
  const requestedSort = query.sort_by?.trim().toLowerCase() ?? '';
  const sortBy = sortKeys.includes(requestedSort) ? requestedSort : (sortKeys[0] ?? 'id');
  const sortOrder = query.sort_order?.trim().toLowerCase() === 'desc' ? 'desc' : 'asc';
  return { page, itemsPerPage, sortBy, sortOrder };
}

/** The search echo of a paged collection, sent under both `params` and `search` (SPEC §3). */
export function searchEcho(
  paging: Paging,
  filters: Record<string, unknown>,
  totalItems: number,
): Record<string, unknown> {
  return {
    ...filters,
    page: paging.page,
    items_per_page: paging.itemsPerPage,
    sort_by: paging.sortBy,
    sort_order: paging.sortOrder,
    total_items: totalItems,
  };
}

/**
 * Paging of a list that also takes `cursor` (docs/api.md §3, "Cursor paging"): a cursor continues where the page
 * that issued it ended, so `page` cannot be given with it (400); a missing sort_by/sort_order is taken
 * from the cursor, a different one is a 400 (checked with the list's conditions by `readCursor`).
 */
export function readListPaging(
  query: Record<string, string>,
  sortKeys: readonly string[] = ['id'],
): { paging: Paging; cursorText?: string } {
  const cursorText = query.cursor;
  if (cursorText === undefined) return { paging: readPaging(query, sortKeys) };
  if ((query.page?.trim() ?? '') !== '') throw badRequest('The cursor parameter cannot be combined with page');
  const state = decodeCursor(cursorText);
  const paging = readPaging({ sort_by: state.s, sort_order: state.o, ...query }, sortKeys);
  return { paging, cursorText };
}
