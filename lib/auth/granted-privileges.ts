import type { Caller } from '../entities/caller.js';

/**
 * The privileges of a non-root administrator, resolved once per Caller object and never written into it: a Caller
 * is immutable once authentication made it, and the auth cache (AUTH_CACHE_TTL_MS) hands the same object to several
 * requests, as a batch hands it to its items. Keyed weakly, so a caller the cache drops takes its privileges along and
 * nothing here needs resetting. A failed read is forgotten, so the next request reads again.
 */
const resolved = new WeakMap<Caller, Promise<Set<string>>>();

export function grantedPrivileges(
  caller: Caller,
  read: (caller: Caller) => Promise<Set<string>>,
): Promise<Set<string>> {
  if (caller.privileges) return caller.privileges;
  let granted = resolved.get(caller);
  if (!granted) {
    granted = read(caller);
    resolved.set(caller, granted);
    granted.catch(() => resolved.delete(caller));
  }
  return granted;
}
