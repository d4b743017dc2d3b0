import type { Item, ItemKey } from '../db/batch-get.js';
import { type ApiPath, parseApiPath } from '../http/api-path.js';
import type { Prefetched } from '../http/operation.js';

/**
 * Items a handler needs before it can read its object, named by the path alone (a nested langvar's language,
 * for its lang_code): authentication reads them in its own BatchGetItem, so they cost no step of their own.
 * A key the path cannot name (not an id) is simply not asked for; the operation then reads as usual.
 */
export type Prefetch = (path: ApiPath) => ItemKey[];

/** The keys `prefetch` asks for on this request's path; none when the path does not parse (routing answers it). */
export function prefetchKeys(
  prefetch: Prefetch | undefined,
  rawPath: string,
  query: Record<string, string>,
): ItemKey[] {
  if (!prefetch) return [];
  try {
    return prefetch(parseApiPath(rawPath, query));
  } catch {
    return [];
  }
}

/** The early reads as the operation sees them: only the asked-for keys answer. */
export function prefetched(keys: readonly ItemKey[], lookup: (key: ItemKey) => Item | undefined): Prefetched {
  return (key) =>
    keys.some((asked) => asked.pk === key.pk && asked.sk === key.sk) ? { item: lookup(key) } : undefined;
}
