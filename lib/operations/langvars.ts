import { entityKeys } from '../db/entity-keys.js';
import { deleteLangvar, getLangvar, listLangvars, putLangvar, updateLangvar } from '../db/langvars.js';
import { languagesEntity } from '../entities/languages.js';
import type { ResourceDefinition } from '../entities/types.js';
import { readBodyFields, readFilters } from '../entities/validate.js';
import { invalidField, NotFoundError } from '../errors.js';
import { badRequest } from '../http/http-errors.js';
import type { ApiRequest, Operation, Prefetch } from '../http/operation.js';
import { readPaging, searchEcho } from '../http/paging.js';
import { checkIfMatch, conditionalGet, specificIfMatch } from '../http/preconditions.js';
import { created, noContent, ok } from '../http/response.js';
import { parseId, parseName } from '../http/route.js';
import { instanceRepository } from './instance-repository.js';
import { DEFAULT_LANGUAGE } from './languages.js';

type Op = 'list' | 'get' | 'create' | 'update' | 'delete';

/**
 * Where a langvar request works: `/languages/:id/langvars…` on that language (404 when it does not exist),
 * `/langvars…` on `lang_code` of the body or the query (default en), and the name of the path.
 */
async function target(request: ApiRequest, nested: boolean): Promise<{ code: string; name?: string }> {
  const { route } = request;
  if (nested) {
    const language = await languageOf(request, parseId(route.id));
    if (!language) throw new NotFoundError();
    return {
      code: String(language.lang_code),
      name: route.nestedId === undefined ? undefined : parseName(route.nestedId),
    };
  }
  const name = route.id === undefined ? undefined : parseName(route.id);
  const given = request.body?.lang_code ?? request.query.lang_code;
  const code = typeof given === 'string' && given.trim() !== '' ? given.trim().toLowerCase() : DEFAULT_LANGUAGE;
  if (!/^[a-z]{2}$/.test(code)) throw invalidField('lang_code', 'The lang_code field must be two letters');
  return { code, name };
}

const languages = /* @__PURE__ */ instanceRepository(languagesEntity);
const languageKey = (id: number) => entityKeys.record(languagesEntity.storage.name, id);

/**
 * The language of `/languages/:id/langvars…`, read in authentication's BatchGetItem (prefetchLanguage), so the
 * variable's own read follows at once: two sequential DynamoDB steps for a GET. Read now when that did not
 * happen (a cached caller).
 */
async function languageOf(request: ApiRequest, id: number) {
  const early = request.prefetched?.(languageKey(id));
  return early ? early.item : languages.get(id);
}

export const prefetchLanguage: Prefetch = (path) => [languageKey(parseId(path.segments[1]))];

/** The codes of every language (a DELETE of /langvars/:name removes the variable in all of them, as CS-Cart). */
async function allCodes(): Promise<string[]> {
  const all = await languages.getMany(await languages.idsIn('all', ''));
  return all.map((language) => String(language.lang_code));
}

const shown = (found: { lang_code: string; name: string; value: string }) => ({
  lang_code: found.lang_code,
  name: found.name,
  value: found.value,
});

/**
 * A write's If-Match (specific tags): the variable as a GET shows it now must match (404 when there is
 * none, 412 when it differs); its value is returned, and the write is then conditioned on it.
 */
async function judgeIfMatch(request: ApiRequest, code: string, name: string): Promise<string | undefined> {
  if (!specificIfMatch(request)) return undefined;
  const found = await getLangvar(code, name);
  if (!found) throw new NotFoundError();
  await checkIfMatch(request, () => shown(found));
  return found.value;
}

function operation(resource: ResourceDefinition, op: Op, nested: boolean) {
  return async (request: ApiRequest) => {
    switch (op) {
      case 'list': {
        const filters = readFilters(resource, request.query);
        const paging = readPaging(request.query, ['name']);
        const { code } = await target(request, nested);
        const { rows, total } = await listLangvars(code, {
          name: filters.name as string | undefined,
          value: filters.value as string | undefined,
          q: filters.q as string | undefined,
          page: paging.page,
          itemsPerPage: paging.itemsPerPage,
        });
        const echo = searchEcho(paging, { ...filters, lang_code: code }, total);
        return ok({ langvars: rows.map(({ value, name }) => ({ value, name })), params: echo, search: echo });
      }
      case 'get': {
        const { code, name } = await target(request, nested);
        const found = await getLangvar(code, name!);
        if (!found) throw new NotFoundError();
        return conditionalGet(request, ok(shown(found)));
      }
      case 'create': {
        const values = readBodyFields(resource, 'create', request.body ?? {});
        const name = String(values.name);
        if (!/^[0-9a-z_-]{1,128}$/.test(name))
          throw invalidField('name', 'The name field may hold only lower-case letters, digits, _ and -');
        const { code } = await target(request, nested);
        await putLangvar({ lang_code: code, name, value: String(values.value ?? '') });
        return created({ name });
      }
      case 'update': {
        const { code, name } = await target(request, nested);
        const values = readBodyFields(resource, 'update', request.body ?? {});
        const judged = await judgeIfMatch(request, code, name!);
        if (values.value === undefined) throw badRequest('Missing parameters');
        await updateLangvar(code, name!, String(values.value), judged);
        return ok({ name });
      }
      case 'delete': {
        const { code, name } = await target(request, nested);
        const judged = await judgeIfMatch(request, code, name!);
        await deleteLangvar(
          nested ? [code] : await allCodes(),
          name!,
          judged === undefined ? undefined : { code, value: judged },
        );
        return noContent();
      }
    }
  };
}

/** One langvar operation, at `/langvars` or (nested) `/languages/:id/langvars` (lib/handlers/langvar-handler.ts). */
export const langvarOperation = (resource: ResourceDefinition, op: Op, nested = false): Operation =>
  operation(resource, op, nested);
