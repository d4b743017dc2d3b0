import { createRecord, getRecord, getRecords, updateRecord } from '../../../lib/db/entity-store.js';
import { withPresetIds } from '../../../lib/db/preset-ids.js';
import { defaultTableContext } from '../../../lib/db/table-context.js';
import { getUser } from '../../../lib/db/users.js';
import { ordersEntity } from '../../../lib/entities/orders.js';
import { present } from '../../../lib/entities/present.js';
import { productsEntity } from '../../../lib/entities/products.js';
import type { StoredValue } from '../../../lib/entities/types.js';
import { checkValue } from '../../../lib/entities/validate.js';
import { canonical } from './coerce.js';
import type { SourceRow } from './wire.js';

/** This instance's table, where a move writes (the script's entry composes no other). */
const instance = defaultTableContext();

/** What writing one record came to. */
export type Outcome =
  | { kind: 'written'; localId: number }
  | { kind: 'unchanged'; localId: number }
  | { kind: 'refused'; reason: string };

const FIELDS = ordersEntity.schema.fields;

/**
 * The values an order is stored with when it comes in as history (pure; SPEC §12): every field of the order as the
 * source recorded it — totals, prices, status, dates, lines — each checked against its field (a total that is not
 * a number refuses the order), plus what the store derives for its indexes. `known` are the product ids that exist
 * here: a line of another product is kept as recorded and marked `deleted_product`, as CS-Cart keeps it. `statuses`
 * are this store's order status letters: an order in another status is refused (no later write could move it).
 */
export function historyValues(
  row: SourceRow,
  statuses: ReadonlySet<string>,
  known: ReadonlySet<number>,
): { values: Record<string, StoredValue> } | { error: string } {
  const values: Record<string, StoredValue> = {};
  for (const [name, value] of Object.entries(row)) {
    const spec = FIELDS[name];
    if (!spec || spec.shownIn === 'none' || name === ordersEntity.schema.idField || value === null) continue;
    if (spec.kind === 'object' || spec.wire === 'raw' || typeof value === 'object') {
      values[name] = value as StoredValue;
      continue;
    }
    if (value === '' && spec.kind !== 'string') continue;
    const checked = checkValue(name, spec, value);
    if ('error' in checked) return { error: checked.error.message };
    values[name] = checked.value;
  }
  const status = String(values.status ?? 'O');
  if (!statuses.has(status)) return { error: `The status field names no order status here: ${status}` };
  const lines = isObject(values.products) ? values.products : {};
  const productIds: number[] = [];
  const kept: Record<string, unknown> = {};
  for (const [key, line] of Object.entries(lines)) {
    if (!isObject(line)) continue;
    const productId = Number(line.product_id);
    if (Number.isSafeInteger(productId) && productId > 0) productIds.push(productId);
    kept[key] = known.has(productId) ? line : { ...line, deleted_product: true };
  }
  values.products = kept;
  values.product_ids = [...new Set(productIds)];
  values.email_lc = String(values.email ?? '').toLowerCase();
  return { values };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The product ids among `rows`' lines that exist here. */
export async function knownProducts(rows: SourceRow[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const row of rows)
    for (const line of Object.values(isObject(row.products) ? row.products : {}))
      if (isObject(line) && Number(line.product_id) > 0) ids.add(Number(line.product_id));
  const found = await getRecords(productsEntity, [...ids]);
  return new Set(found.map((product) => Number(product.product_id)));
}

/** The customers `rows` name (after their ids were rewritten) that exist here. */
export async function knownUsers(
  rows: SourceRow[],
  ids: (row: SourceRow) => number = (row) => Number(row.user_id),
): Promise<Set<number>> {
  const wanted = [...new Set(rows.map(ids).filter((id) => Number.isSafeInteger(id) && id > 0))];
  const found = await Promise.all(wanted.map(async (id) => ((await getUser(id, instance)) ? id : 0)));
  return new Set(found.filter((id) => id > 0));
}

/**
 * Writes one order as history through the entity store (its index items and change events as any order's), with
 * the source's id, and without taking stock: the source took it when the order was placed. An order already here
 * with the same values is left alone.
 */
export async function writeHistoryOrder(
  sourceId: number,
  values: Record<string, StoredValue>,
  localId: number | undefined,
): Promise<Outcome> {
  const id = localId ?? sourceId;
  const current = await getRecord(ordersEntity, id);
  if (current) {
    // Compared as GET shows them: a field the source sends with its default value is no change.
    const same =
      canonical(present(ordersEntity, { ...current, ...values }, 'single')) ===
      canonical(present(ordersEntity, current, 'single'));
    if (same) return { kind: 'unchanged', localId: id };
    await updateRecord(ordersEntity, id, () => values);
    return { kind: 'written', localId: id };
  }
  const record = await withPresetIds({ [ordersEntity.storage.name]: id }, () =>
    createRecord(ordersEntity, values, undefined, undefined, instance),
  );
  return { kind: 'written', localId: Number(record.order_id) };
}
