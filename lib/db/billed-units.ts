import { NumberValue } from '@aws-sdk/lib-dynamodb';

/**
 * Capacity units as AWS bills them, computed from item sizes, for the writes DynamoDB Local reports wrongly.
 * DynamoDB Local answers a TransactWriteItems' ReturnConsumedCapacity with about 2 units per KB of the whole
 * transaction, where AWS charges 2 write units per started KB of each item it writes, deletes or checks
 * (10 small Puts: Local says 2, AWS charges 20). Ordinary writes cost 1 unit per started KB of the larger of
 * the item before and after; a write that puts, changes or removes an item of a global secondary index also
 * writes the index (1 unit per started KB of the projected item; a changed index key is a delete and a put).
 * Sizes follow AWS's "Item sizes and formats": attribute names and string values count their UTF-8 bytes,
 * a number about one byte per two significant digits plus one, binary its length, a boolean or null one
 * byte, a list or map 3 bytes plus 1 per element.
 */

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

function numberSize(text: string): number {
  const digits = text.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
}

/** The size of one attribute value, in bytes. */
export function valueSize(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(String(value));
  if (value instanceof NumberValue) return numberSize(value.toString());
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, entry) => sum + valueSize(entry), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, entry) => sum + valueSize(entry) + 1, 0);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, entry]) => entry !== undefined);
    return 3 + entries.reduce((sum, [name, entry]) => sum + utf8(name) + valueSize(entry) + 1, 0);
  }
  return 0;
}

/** The size of an item: its attribute names and values. */
export function itemSize(item: Record<string, unknown> | undefined): number {
  if (!item) return 0;
  return Object.entries(item).reduce(
    (sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + valueSize(value)),
    0,
  );
}

const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

/** One item a write touches: its image before and after (undefined: absent), and whether it is only checked. */
export interface WrittenItem {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  checkOnly?: boolean;
}

export interface ItemWriteUnits {
  /** Units on the table item's partition key. */
  table: number;
  /** Units per GSI partition key written (gsi1pk of the item before and after). */
  index: Array<{ key: string; units: number }>;
}

/** The write units one item of a write costs on AWS: `transactional` doubles the table's (not the index's). */
export function itemWriteUnits(written: WrittenItem, transactional: boolean): ItemWriteUnits {
  const size = Math.max(itemSize(written.before), itemSize(written.after));
  const table = kb(size) * (transactional ? 2 : 1);
  if (written.checkOnly) return { table, index: [] };
  const indexed = (item: Record<string, unknown> | undefined) =>
    typeof item?.gsi1pk === 'string' && typeof item.gsi1sk === 'string' ? item : undefined;
  const before = indexed(written.before);
  const after = indexed(written.after);
  const index: ItemWriteUnits['index'] = [];
  if (before && after && before.gsi1pk === after.gsi1pk && before.gsi1sk === after.gsi1sk) {
    index.push({ key: String(after.gsi1pk), units: kb(size) });
  } else {
    if (before) index.push({ key: String(before.gsi1pk), units: kb(itemSize(before)) });
    if (after) index.push({ key: String(after.gsi1pk), units: kb(itemSize(after)) });
  }
  return { table, index };
}

/** All write units of a write call's items (table and index together). */
export function totalWriteUnits(items: readonly WrittenItem[], transactional: boolean): number {
  return items.reduce((sum, item) => {
    const units = itemWriteUnits(item, transactional);
    return sum + units.table + units.index.reduce((s, i) => s + i.units, 0);
  }, 0);
}
