/**
 * Active vendor companies written straight into this instance's table, for storage tests that need stores to file
 * products under without going through the API. Answers their ids in the order of `names`.
 */
import { createRecord } from '../../lib/db/entity-store.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { companiesStorage } from '../../lib/entities/companies.js';

export async function storedCompanies(names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const company of names) {
    const stored = await createRecord(
      companiesStorage,
      { company, status: 'A' },
      undefined,
      undefined,
      defaultTableContext(),
    );
    ids.push(Number(stored.company_id));
  }
  return ids;
}
