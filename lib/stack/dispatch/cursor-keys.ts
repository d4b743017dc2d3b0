import { loadCursorKeys } from '../../cursor-keys.js';
import { signedWithKnownKey } from '../../http/cursor.js';

/**
 * Before the operation: the stage's cursor keys are loaded (once per cold start, from SSM; lib/cursor-keys.ts), and a
 * request whose cursor is signed with a key this instance does not know yet makes it read them again — a rotation
 * happened since it started — before the operation judges the cursor.
 */
export async function loadCursorKeysFor(cursor: string | undefined): Promise<void> {
  await loadCursorKeys();
  if (cursor && !signedWithKnownKey(cursor)) await loadCursorKeys({ refresh: true });
}
