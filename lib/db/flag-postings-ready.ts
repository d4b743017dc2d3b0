import { readyMarker } from './ready-marker.js';

/**
 * Whether every record has the postings of its flags (`postings.flags`, lib/db/postings.ts): the `FLAGPOSTINGS`
 * marker. Until it is there a flag list reads its index partition as before; the migration `flag-postings`
 * (lib/db/migrations/layout-09b-flag-postings.ts) gives every older record its flags' postings and then writes it.
 * A new table is marked ready from the start (the migration runner's new-table step).
 */
const marker = readyMarker({ pk: 'FLAGPOSTINGS', sk: 'READY' });

/** Whether every record has its flags' postings (one GetItem per call until it is, then none). */
export const isFlagPostingsReady = marker.isReady;
/** Tests that take the marker away make the next check read it again. */
export const forgetFlagPostingsReadyForTests = marker.forget;
export const markFlagPostingsReady = marker.mark;
