import type { StoredEntityDefinition, StoredValue } from '../entities/types.js';
import { type EntityRecord, recordWriteItems } from './entity-store.js';
import { LAYOUT_ATTRIBUTE, LAYOUT_VERSION } from './layout.js';
import { idsTakenUpTo } from './record-ids.js';
import type { TableContext } from './table-context.js';
import { ConditionFailed, transactWrite } from './transact.js';

/**
 * Writes a record with a fixed id unless it exists (the store's built-in records: order statuses,
 * the first payment and shipping methods), and moves the id counter past it. Idempotent. The write is a create's
 * (lib/db/entity-store.ts recordWriteItems: the record's Put on condition its key is free, its index items and
 * counts), in `context`'s table (this instance's unless told).
 */
export async function seedRecord(
  def: StoredEntityDefinition,
  id: number,
  values: Record<string, StoredValue>,
  context: TableContext,
): Promise<boolean> {
  const record: EntityRecord = { ...values, [def.schema.idField]: id, version: 1, [LAYOUT_ATTRIBUTE]: LAYOUT_VERSION };
  try {
    await transactWrite(recordWriteItems(def, id, undefined, record, true, context), context);
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
  await idsTakenUpTo(context, def, id);
  return true;
}
