import { invalidField } from '../../errors.js';

/** The pure rules of categories: a category belongs to a company, and a product is indexed under every ancestor. */

/** A category's `company_id` (as created, or as changed) may not be 0: every category belongs to a company. */
export function requireCompany(companyId: number | undefined): void {
  if (companyId !== undefined && companyId === 0) throw invalidField('company_id', 'The company_id field is required');
}

/**
 * The categories a product is indexed under (`category_tree`): its own and every one on their paths (`categories`:
 * its own as read, with their `path_ids`), each once, ascending.
 */
export function ancestorsOf(
  categoryIds: readonly number[],
  categories: ReadonlyArray<Record<string, unknown>>,
): number[] {
  const ancestors = new Set<number>(categoryIds);
  for (const category of categories)
    for (const id of (category.path_ids as number[] | undefined) ?? []) ancestors.add(id);
  return [...ancestors].sort((a, b) => a - b);
}
