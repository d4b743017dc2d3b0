import { listRecords } from '../../db/entity-list.js';
import { languagesEntity } from '../../entities/languages.js';
import { present } from '../../entities/present.js';

/** The language a storefront shows by default: English, CS-Cart's DEFAULT_LANGUAGE, built in here (id 1). */
export const DEFAULT_LANG_CODE = 'en';

/** The languages shoppers may choose: the active ones (CS-Cart's `include_hidden => false`), as their rows, with `is_default`. */
export async function storefrontLanguages(): Promise<Array<Record<string, unknown>>> {
  const { records } = await listRecords(languagesEntity, {
    conditions: [],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  return records
    .filter((record) => String(record.status ?? 'A') === 'A')
    .map((record) => ({
      ...present(languagesEntity, record, 'list'),
      is_default: record.lang_code === DEFAULT_LANG_CODE,
    }));
}
