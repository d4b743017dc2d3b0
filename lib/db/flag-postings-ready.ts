import { readyMarkerWriter } from './ready-marker.js';
import { tableLayout } from './table-context.js';

/**
 * Whether every record has the postings of its flags (`postings.flags`, lib/db/postings.ts): the table is on layout
 * 10. The migration `flag-postings` (lib/db/migrations/layout-09b-flag-postings.ts) runs just before layout 10's and
 * is part of it: the layout marker says 10 only after it gave every older record its flags' postings. Until then a
 * flag list reads its index partition as before. The migration still writes the `FLAGPOSTINGS` marker it always
 * wrote (and a new table's step does), but readiness is the layout's: nothing of it to keep or forget.
 */
export const FLAG_POSTINGS_LAYOUT = 10;

/** Whether every record has its flags' postings (the table context's layout: no read once it is the current one). */
export const isFlagPostingsReady = async (): Promise<boolean> => (await tableLayout()) >= FLAG_POSTINGS_LAYOUT;

export const markFlagPostingsReady = readyMarkerWriter({ pk: 'FLAGPOSTINGS', sk: 'READY' });
