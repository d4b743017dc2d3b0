import { readyMarker } from './ready-marker.js';
import { userKeys } from './user-keys.js';

/**
 * Whether every user has its list copies (company and word items, docs/data-model.md "Users at scale"): the
 * `USERINDEX` marker. Until it is there the `company_id`, `name` and `phone` filters read the buckets whole, as the
 * first user layout did; the migration `users-index` (lib/db/migrations/layout-02a-users-index.ts) gives every older
 * user its copies and then writes it. A fresh table is marked ready by the bootstrap before its first user.
 */
const marker = readyMarker(userKeys.indexReady);

/** Whether the copies are complete (remembered once true: nothing makes them incomplete again). */
export const isUserIndexReady = marker.isReady;
/** Tests that take the marker away make the next check read it again. */
export const forgetUserIndexReadyForTests = marker.forget;
export const markUserIndexReady = marker.mark;
