import { restrictedCategoryItems } from '../../db/restricted-categories.js';
import type { FieldValues } from '../../entities/validate.js';
import { checkCustomerGroups } from '../customer-groups.js';
import type { CategoryRecord } from './store.js';

/**
 * A category's `usergroup_ids` (who sees it on the storefront, SPEC §11): as CS-Cart's `fn_update_category`, an
 * empty list means everyone (0); the groups must be customer groups. Stored as an id list, shown as CS-Cart's
 * comma-separated text ("0", "1,4"). A category that leaves someone out has a marker item
 * (lib/db/restricted-categories.ts), written in the category's own transaction.
 */
export async function withUsergroupIds(values: FieldValues): Promise<FieldValues> {
  if (values.usergroup_ids === undefined) return values;
  const ids = [...(values.usergroup_ids as number[])].sort((a, b) => a - b);
  await checkCustomerGroups('usergroup_ids', ids);
  return { ...values, usergroup_ids: ids.length === 0 ? [0] : ids };
}

export const restrictionItems = (next: CategoryRecord, previous?: CategoryRecord) => ({
  items: restrictedCategoryItems(next.category_id, next, previous),
});

export const restrictionRemoval = (current: CategoryRecord) => restrictedCategoryItems(current.category_id, undefined);
