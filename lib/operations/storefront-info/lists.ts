import { NotFoundError } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { PRIMARY_CURRENCY_ID, publicCurrency } from './currency.js';
import { languagesById } from './languages.js';

/**
 * `GET /sra_currencies[/:currency_id]` and `GET /sra_languages[/:lang_id]` (the add-on's `SraCurrencies`,
 * `SraLanguages`): the list under its key, or one by id (404 when none has it), each row with only the public
 * properties the add-on keeps.
 */
export const readCurrencies: Operation = async (request) => {
  if (request.route.id === undefined) return ok({ currencies: [publicCurrency()] });
  if (parseId(request.route.id) !== PRIMARY_CURRENCY_ID) throw new NotFoundError();
  return ok(publicCurrency());
};

export const readLanguages: Operation = async (request) => {
  const rows = (await languagesById()).map(([id, row]) => ({
    id,
    shown: { lang_code: row.lang_code, name: row.name, is_default: row.is_default },
  }));
  if (request.route.id === undefined) return ok({ languages: rows.map((row) => row.shown) });
  const id = parseId(request.route.id);
  const match = rows.find((row) => row.id === id);
  if (!match) throw new NotFoundError();
  return ok(match.shown);
};
