import type { Item, ItemKey } from '../db/batch-get.js';
import { parseApiPath } from '../http/api-path.js';
import type { Prefetch, Prefetched } from '../http/operation.js';

export type { Prefetch } from '../http/operation.js';

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
