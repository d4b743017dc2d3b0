import { SETTING_SECTIONS } from '../../entities/setting-sections.js';
import { settingsEntity } from '../../entities/settings.js';
import { NotFoundError } from '../../errors.js';
import type { Operation } from '../../http/operation.js';
import { ok } from '../../http/response.js';
import { parseId } from '../../http/route.js';
import { instanceRepository } from '../instance-repository.js';
import { activeCompany, checkShopperContext } from '../storefront-visibility.js';
import { PRIMARY_CURRENCY } from './currency.js';
import { storefrontLanguages } from './languages.js';

const settings = /* @__PURE__ */ instanceRepository(settingsEntity);

/** The settings a client needs: the Company section's values by name, as CS-Cart's `getValues('Company')`. */
async function companySettings(): Promise<Record<string, string>> {
  const section = SETTING_SECTIONS.find((candidate) => candidate.name === 'Company');
  const ids = section?.settings.map((setting) => setting.id) ?? [];
  const records = await settings.getMany(ids);
  return Object.fromEntries(records.map((record) => [String(record.name), String(record.value ?? '')]));
}

/**
 * `GET /sra_storefront[/:id]` (the add-on's `SraStorefront`, `fn_storefront_rest_api_get_storefront`): the
 * storefront's URL, status (`Y` open), the Company settings, the languages and currencies a shopper chooses from
 * (`is_default` marks the default of each). Each store is a storefront here: the id (or the store of a
 * `/stores/:id/` path) names it, without one it is store 1's; a missing or inactive store's is a 404 (a closed
 * storefront is a 404 to shoppers, as in CS-Cart). The store's own name overrides `company_name`.
 */
export const readStorefront: Operation = async (request) => {
  const context = await checkShopperContext(request);
  const fromPath = request.route.id === undefined ? undefined : parseId(request.route.id);
  if (fromPath !== undefined && context !== undefined && fromPath !== context) throw new NotFoundError();
  const storefrontId = fromPath ?? context ?? 1;
  const [store, settings, languages] = await Promise.all([
    activeCompany(storefrontId),
    companySettings(),
    storefrontLanguages(),
  ]);
  if (!store) throw new NotFoundError();
  return ok({
    storefront_id: storefrontId,
    url: String(store.storefront ?? ''),
    status: 'Y',
    name: String(store.company ?? ''),
    settings: { ...settings, company_name: String(store.company ?? settings.company_name ?? '') },
    languages,
    currencies: [{ ...PRIMARY_CURRENCY, is_default: true }],
    properties: { settings: { appearance: { calendar_date_format: 'month_first' } } },
  });
};
