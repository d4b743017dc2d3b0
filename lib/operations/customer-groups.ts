import { getUsergroups, isReservedUsergroup } from '../db/usergroups.js';
import { invalidField } from '../errors.js';

/**
 * The usergroups a catalogue object may name (a category's `usergroup_ids`, a product price row's
 * `usergroup_id`), as CS-Cart's admin panel offers them: 0 (everyone), the built-in Guest (1) and Registered (2),
 * and the store's customer groups. An administrator group, or one that does not exist, is a 400 naming `field`.
 */
export async function checkCustomerGroups(field: string, ids: readonly number[]): Promise<void> {
  const stored = [...new Set(ids.filter((id) => id !== 0 && !isReservedUsergroup(id)))];
  if (stored.length === 0) return;
  const groups = await getUsergroups(stored);
  const wrong = stored.find((id) => groups.get(id)?.type !== 'C');
  if (wrong !== undefined)
    throw invalidField(field, `The ${field} field names usergroup ${wrong}, which is not a customer usergroup`);
}
