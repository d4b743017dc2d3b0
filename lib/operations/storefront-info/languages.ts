import { languagesEntity } from '../../entities/languages.js';
import { present } from '../../entities/present.js';
import { instanceReader } from '../instance-repository.js';

const languages = /* @__PURE__ */ instanceReader(languagesEntity);

/** The language a storefront shows by default: English, CS-Cart's DEFAULT_LANGUAGE, built in here (id 1). */
export const DEFAULT_LANG_CODE = 'en';

/** The languages shoppers may choose: the active ones (CS-Cart's `include_hidden => false`), as their rows, with `is_default`. */
export async function storefrontLanguages(): Promise<Array<Record<string, unknown>>> {
  return (await languagesById()).map(([, row]) => row);
}

/** Those rows, each beside its language's id as the record holds it: a number, whatever JSON type the row shows. */
export async function languagesById(): Promise<Array<[id: number, row: Record<string, unknown>]>> {
  const { records } = await languages.list({
    conditions: [],
    sortBy: 'id',
    descending: false,
    page: 1,
  });
  return records
    .filter((record) => String(record.status ?? 'A') === 'A')
    .map((record): [number, Record<string, unknown>] => [
      record.lang_id,
      { ...present(languagesEntity, record, 'list'), is_default: record.lang_code === DEFAULT_LANG_CODE },
    ]);
}
