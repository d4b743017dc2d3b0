import { readyMarkerWriter } from './ready-marker.js';
import type { TableContext } from './table-context.js';

/**
 * Whether every user has its postings (lib/db/user-postings.ts): the table is on layout 10, whose migration
 * (lib/db/migrations/layout-10.ts) gives every older user its postings before it raises the layout marker. Until
 * then `name` searches read the word copies as before. The migration still writes the `USERPOSTINGS` marker it
 * always wrote (and a new table's step does), but readiness is the layout's: nothing of it to keep or forget.
 */
export const USER_POSTINGS_LAYOUT = 10;

/** Whether every user has its postings (`table`'s layout: no read once it is the current one). */
export const isUserPostingsReady = async (table: Pick<TableContext, 'layout'>): Promise<boolean> =>
  (await table.layout()) >= USER_POSTINGS_LAYOUT;

export const markUserPostingsReady = readyMarkerWriter({ pk: 'USERPOSTINGS', sk: 'READY' });
