/**
 * Reading a CS-Cart answer (pure): the rows of a collection in whatever wrapper the source uses, and its total.
 * CS-Cart wraps most lists (`{"products":[…],"params":{…}}`), keys some by id or code (`{"languages":{"en":{…}}}`,
 * `payments` with items_per_page=0), answers a few bare (usergroups keyed by id, blocks a list), and sends
 * `total_items` as a string or an integer depending on the entity.
 */
export type SourceRow = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A list or an object keyed by id, as rows (objects only; anything else in it is dropped). */
function asRows(value: unknown): SourceRow[] {
  const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  return items.filter(isObject);
}

/** The rows of a collection answer: under `key`, or the answer itself when it is bare. */
export function rowsOf(body: unknown, key: string): SourceRow[] {
  if (Array.isArray(body)) return asRows(body);
  if (!isObject(body)) return [];
  if (Object.hasOwn(body, key)) return asRows(body[key]);
  // A bare object keyed by id (usergroups): every value an object, and no wrapper keys.
  if (Object.hasOwn(body, 'params') || Object.hasOwn(body, 'search')) return [];
  return asRows(body);
}

/** `params.total_items` (or `search.total_items`) as a number; undefined when the answer is not paged. */
export function totalOf(body: unknown): number | undefined {
  if (!isObject(body)) return undefined;
  for (const wrapper of ['params', 'search']) {
    const params = body[wrapper];
    if (!isObject(params)) continue;
    const total = Number(params.total_items);
    if (params.total_items !== undefined && params.total_items !== '' && Number.isSafeInteger(total) && total >= 0)
      return total;
  }
  return undefined;
}
