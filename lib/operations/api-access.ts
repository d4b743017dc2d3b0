import { generateApiKey, hashApiKey } from '../auth/api-keys.js';
import { changeCredentials } from '../db/login-credentials.js';
import type { UserRecord } from '../db/records.js';
import type { TableTarget } from '../db/table-target.js';
import type { Caller } from '../entities/caller.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { guardApiAccess } from './guards.js';

/** What the administration panel's "API access" tab asks for. */
export type ApiAccessRequest = 'enable' | 'disable' | 'regenerate';

export interface ApiAccessResult {
  user: UserRecord;
  /** API access is on after the change. */
  enabled: boolean;
  /** The new key, when one was generated: shown once, never stored (only its hash is). */
  key?: string;
  /** False when the account already was in the state asked for (no new key then). */
  changed: boolean;
}

export const CUSTOMERS_NEVER = 'Customers never hold API access: only administrators and vendors do';

/**
 * Switches a user's API access on (a fresh key), off (the key's hash is removed, so the very next request
 * with it is a 401), or regenerates the key (root only). SPEC §4 and the escalation guard of §5: only a root
 * administrator changes another administrator's or a vendor's API access; a customer never holds any.
 * The decision is taken on the state read inside the write's compare-and-set, so switching on an account
 * that is already on generates nothing. The user and their login item are on `table`.
 */
export async function changeApiAccess(
  caller: Caller,
  targetUserId: number,
  request: ApiAccessRequest,
  table: TableTarget,
): Promise<ApiAccessResult> {
  let key: string | undefined;
  const { user, login, outcome } = await changeCredentials(
    targetUserId,
    (target, current) => {
      guardApiAccess(caller, target.user_type, target.user_id);
      if (request === 'regenerate' && !caller.isRoot)
        throw new ForbiddenError('Only a root administrator may regenerate an API key');
      const enabled = Boolean(current.key_hash);
      if (request === 'disable')
        return enabled ? { changes: { key_hash: undefined }, outcome: true } : { outcome: false };
      if (target.user_type === 'C') throw new ValidationError(CUSTOMERS_NEVER);
      if (request === 'enable' && enabled) return { outcome: false };
      key = generateApiKey();
      return { changes: { key_hash: hashApiKey(key) }, outcome: true };
    },
    table,
  );
  return { user, enabled: Boolean(login.key_hash), key: outcome ? key : undefined, changed: outcome };
}
