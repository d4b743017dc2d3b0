/**
 * When to stop paging a source (pure; SPEC §12): at `total_items`. A CS-Cart past its last page may answer an empty
 * page or repeat the last one, so an empty page, a page that starts with a row already seen, and a short page stop
 * it too; an answer without a total is not paged (one page is all). A short page is not a stop: a source may
 * answer fewer rows than asked per page.
 */
export interface PageSeen {
  /** Rows read so far, this page included. */
  read: number;
  /** The total the source announced, if any. */
  total: number | undefined;
  /** How many rows this page held. */
  rows: number;
  /** Whether this page's first row was seen on an earlier page (the source repeats its last page). */
  repeated: boolean;
}

export type PageDecision = 'next' | 'stop' | 'stop-discard';

export function afterPage(seen: PageSeen): PageDecision {
  if (seen.repeated) return 'stop-discard';
  if (seen.rows === 0 || seen.total === undefined) return 'stop';
  // A short page is not the end: a source may cap items_per_page below what was asked (CS-Cart's own setting).
  return seen.read >= seen.total ? 'stop' : 'next';
}
