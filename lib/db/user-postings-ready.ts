import { readyMarker } from './ready-marker.js';

/**
 * Whether every user has its postings (lib/db/user-postings.ts): the `USERPOSTINGS` marker. Until it is there `name`
 * searches read the word copies as before; the migration `layout-10` (lib/db/migrations/
 * layout-10.ts) gives every older user its postings and then writes it. A fresh table is marked ready
 * by the bootstrap before its first user (and by the migration runner's new-table step).
 */
const marker = readyMarker({ pk: 'USERPOSTINGS', sk: 'READY' });

/** Whether every user has its postings. */
export const isUserPostingsReady = marker.isReady;
/** Tests that take the marker away make the next check read it again. */
export const forgetUserPostingsReadyForTests = marker.forget;
export const markUserPostingsReady = marker.mark;
