import { LAYOUT_VERSION } from './layout.js';

/**
 * What a table context knows of its table's layout marker (lib/db/table-context.ts). A table never goes back to an
 * older layout, so the current one is kept for the life of the context; an older one is asked again after a few
 * seconds, so lists switch soon after another process's migration completes, and at once after this one's (note).
 */
export interface LayoutCache {
  read(): Promise<number>;
  note(version: number, how: 'raised' | 'set'): void;
}

const RECHECK_MS = 5_000;

export function layoutCache(readMarker: () => Promise<Record<string, unknown> | undefined>): LayoutCache {
  let known = 1;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<number> | undefined;
  return {
    async read() {
      if (known >= LAYOUT_VERSION || Date.now() - checkedAt < RECHECK_MS) return known;
      pending ??= readMarker()
        .then((item) => {
          known = Math.max(known, Number(item?.version ?? 1));
          checkedAt = Date.now();
          return known;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    note(version, how) {
      known = how === 'set' ? version : Math.max(known, version);
      checkedAt = Date.now();
    },
  };
}
