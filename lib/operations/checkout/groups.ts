import type { Big } from 'big.js';
import { invalidField } from '../../errors.js';
import { digitsOf } from '../../http/digits.js';
import { positiveInt } from '../../http/order-lines-body.js';
import type { Line, ProductRecord, ShippingRecord } from '../orders/records.js';
import { shippingRate } from '../orders/rules.js';

/**
 * The pure rules of a checkout's product groups, no I/O. As CS-Cart does, the products of a cart are grouped by the
 * store they belong to; each group ships by one of that store's shipping methods and becomes one order (under a
 * parent order when there are several groups). Rates come from the orders' own rule (orders/rules.ts `shippingRate`),
 * so what the cart quotes is what the order charges.
 */

/** Lines of one store. */
export interface LineGroup {
  companyId: number;
  lines: Line[];
}

/** The lines grouped by their product's store, by store id (a missing product: store 0): group 0 is the lowest id. */
export function groupByStore(lines: readonly Line[], products: ReadonlyMap<number, ProductRecord>): LineGroup[] {
  const groups = new Map<number, Line[]>();
  for (const line of lines) {
    const companyId = products.get(line.productId)?.company_id ?? 0;
    groups.set(companyId, [...(groups.get(companyId) ?? []), line]);
  }
  return [...groups].sort(([a], [b]) => a - b).map(([companyId, grouped]) => ({ companyId, lines: grouped }));
}

/** The active methods a store's group may ship by: the store's own and the shared ones (company 0), by position, then id. */
export function methodsOf(companyId: number, shippings: readonly ShippingRecord[]): ShippingRecord[] {
  return shippings
    .filter((shipping) => shipping.status === 'A' && [0, companyId].includes(shipping.company_id ?? 0))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.shipping_id - b.shipping_id);
}

/** Group index → the shipping method id the client chose for it. */
export type ShippingChoice = ReadonlyMap<number, number>;

const BAD_CHOICE =
  'The shipping_ids field must name a shipping method per product group: {"0": 3}, [3, 4] or 3 (every group)';

/**
 * The choice as clients send it, in the body or the query: `shipping_ids` (or `shipping_id`) as an object keyed by
 * product group (`{"0": 3}`, what CS-Cart's apps send), a list by group (`[3, 4]`, or `3,4` from `shipping_ids[]=`),
 * or one id (as a number or a string) for the first group. Anything else is a 400 naming `shipping_ids`.
 */
export function readShippingChoice(sent: unknown): ShippingChoice {
  const choice = new Map<number, number>();
  if (sent === undefined || sent === null || sent === '') return choice;
  const entries: Array<[string, unknown]> =
    typeof sent === 'object'
      ? Array.isArray(sent)
        ? sent.map((value, i) => [String(i), value])
        : Object.entries(sent)
      : String(sent)
          .split(',')
          .map((value, i) => [String(i), value]);
  for (const [group, value] of entries) {
    const index = digitsOf(group, 3);
    const id = positiveInt(value);
    if (index === undefined || id === undefined) throw invalidField('shipping_ids', BAD_CHOICE);
    choice.set(index, id);
  }
  return choice;
}

/** The query's form of the choice: `shipping_ids[0]=3` (or `shipping_id[0]`), else `shipping_ids` / `shipping_id`. */
export function queryShippingChoice(query: Readonly<Record<string, string>>): ShippingChoice {
  const keyed: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    const match = /^shipping_ids?\[(\d{1,3})\]$/.exec(name);
    if (match) keyed[match[1]!] = value;
  }
  return readShippingChoice(Object.keys(keyed).length > 0 ? keyed : (query.shipping_ids ?? query.shipping_id));
}

/**
 * The method group `index` ships by: the one chosen, which must be among the group's methods (else a 400 naming
 * `shipping_ids`), or the group's first method; undefined when the store has none.
 */
export function chosenMethod(
  index: number,
  methods: readonly ShippingRecord[],
  choice: ShippingChoice,
): ShippingRecord | undefined {
  const wanted = choice.get(index);
  if (wanted === undefined) return methods[0];
  const method = methods.find((shipping) => shipping.shipping_id === wanted);
  if (!method)
    throw invalidField(
      'shipping_ids',
      `The shipping_ids field names shipping method ${wanted} for product group ${index}, which that store does not ship by`,
    );
  return method;
}

/** What each method charges a group of these lines (the same rule an order's shipping cost follows). */
export const rateOf = (
  lines: readonly Line[],
  products: ReadonlyMap<number, ProductRecord>,
  shipping: ShippingRecord,
): Big =>
  shippingRate(
    lines.flatMap((line) => {
      const product = products.get(line.productId);
      return product ? [{ ...line, product }] : [];
    }),
    shipping,
  );
