import { Big } from 'big.js';
import { findEntity } from '../entities/registry.js';
import { MAX_ITEMS_PER_PAGE } from '../http/paging.js';
import { idOf, queryOf, type ToolArguments } from './entity-call.js';
import type { RestCall } from './rest-call.js';
import { LOW_STOCK_DEFAULT, SALES_STATUSES } from './task-tool-specs.js';
import { isOutcome, refusalOf, refused, rowsOf, type ToolOutcome } from './tool-outcome.js';

/**
 * The task tools (lib/mcp/task-tool-specs.ts describes them): each is one or more REST requests of the caller,
 * in-process, so a vendor's answers are its own company's and every refusal is the API's own.
 */

type Task = (args: ToolArguments, rest: RestCall) => Promise<ToolOutcome>;

/** Pages `sales_of_period` reads per status before it asks for a shorter period (250 orders a page). */
export const SALES_MAX_PAGES = 40;

const pagingOf = (args: ToolArguments) => queryOf({ items_per_page: args.items_per_page, cursor: args.cursor });

const listed = (what: string, body: unknown) => {
  const { rows, total, next } = rowsOf(body);
  return `${rows}${total === undefined ? '' : ` of ${total}`} ${what}${next ? '; more: pass params.next as cursor' : ''}.`;
};

const findProducts: Task = async (args, rest) => {
  const { q, product_code: code } = args;
  if ((q === undefined || q === '') && (code === undefined || code === ''))
    return refused('Give q (words of the name or code) or product_code');
  const query = queryOf({
    ...(q !== undefined ? { q, match: 'all' } : {}),
    ...(code !== undefined ? { pcode: code } : {}),
    items_per_page: args.items_per_page,
    cursor: args.cursor,
  });
  if (isOutcome(query)) return query;
  const answer = await rest({ entity: 'products', operation: 'list', query });
  if (answer.status >= 400) return refusalOf(answer);
  return { ok: true, structured: answer.body as Record<string, unknown>, text: listed('products found', answer.body) };
};

const updatePriceStock: Task = async (args, rest) => {
  const id = idOf(findEntity('products')!, args);
  if (isOutcome(id)) return id;
  const body: Record<string, unknown> = {};
  if (args.price !== undefined) body.price = args.price;
  if (args.amount !== undefined) body.amount = args.amount;
  if (Object.keys(body).length === 0) return refused('Give price or amount (or both)');
  const answer = await rest({ entity: 'products', operation: 'update', id, body });
  if (answer.status >= 400) return refusalOf(answer);
  const changed = Object.entries(body)
    .map(([name, value]) => `${name} ${String(value)}`)
    .join(', ');
  return { ok: true, structured: answer.body as Record<string, unknown>, text: `Product ${id}: ${changed}.` };
};

const lowStock: Task = async (args, rest) => {
  const raw = args.threshold ?? LOW_STOCK_DEFAULT;
  const threshold = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof threshold !== 'number' || !Number.isSafeInteger(threshold) || threshold < 0)
    return refused('The threshold argument must be a non-negative integer');
  const paging = pagingOf(args);
  if (isOutcome(paging)) return paging;
  const query = { amount_to: String(threshold), sort_by: 'amount', sort_order: 'asc', ...paging };
  const answer = await rest({ entity: 'products', operation: 'list', query });
  if (answer.status >= 400) return refusalOf(answer);
  return {
    ok: true,
    structured: answer.body as Record<string, unknown>,
    text: listed(`products with stock at most ${threshold}`, answer.body),
  };
};

const orderDetails: Task = async (args, rest) => {
  const id = idOf(findEntity('orders')!, args);
  if (isOutcome(id)) return id;
  const answer = await rest({ entity: 'orders', operation: 'get', id });
  if (answer.status >= 400) return refusalOf(answer);
  const order = answer.body as Record<string, unknown>;
  return {
    ok: true,
    structured: order,
    text: `Order ${id}: status ${String(order.status)}, total ${String(order.total)}.`,
  };
};

interface OrdersPage {
  orders?: { total?: string }[];
  params?: { next?: string | null };
}

const salesOfPeriod: Task = async (args, rest) => {
  const filters = queryOf({ period: args.period, time_from: args.time_from, time_to: args.time_to });
  if (isOutcome(filters)) return filters;
  let count = 0;
  let total = new Big(0);
  for (const status of SALES_STATUSES) {
    let cursor: string | undefined;
    for (let page = 0; ; page++) {
      if (page === SALES_MAX_PAGES)
        return refused(
          `More than ${SALES_MAX_PAGES * MAX_ITEMS_PER_PAGE} orders of status ${status}: ask for a shorter period`,
        );
      const query = { ...filters, status, items_per_page: String(MAX_ITEMS_PER_PAGE), ...(cursor ? { cursor } : {}) };
      const answer = await rest({ entity: 'orders', operation: 'list', query });
      if (answer.status >= 400) return refusalOf(answer);
      const body = answer.body as OrdersPage;
      for (const order of body.orders ?? []) {
        count++;
        total = total.plus(new Big(order.total ?? '0'));
      }
      cursor = body.params?.next ?? undefined;
      if (!cursor) break;
    }
  }
  const structured = { count, total: total.toFixed(2), statuses: [...SALES_STATUSES], ...filters };
  const when = filters.period
    ? `period ${filters.period}`
    : `${filters.time_from ?? 'the start'} to ${filters.time_to ?? 'now'}`;
  return { ok: true, structured, text: `${count} paid or complete orders, ${structured.total} in total (${when}).` };
};

export const TASKS: Readonly<Record<string, Task>> = {
  find_products: findProducts,
  update_product_price_stock: updatePriceStock,
  low_stock: lowStock,
  order_details: orderDetails,
  sales_of_period: salesOfPeriod,
};
