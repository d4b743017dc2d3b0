import { createHash } from 'node:crypto';
import { config } from '../config.js';
import type { Caller } from '../entities/caller.js';

/**
 * Optional per-instance reuse of successful authentications (AUTH_CACHE_TTL_MS,
 * default 0 = off). With a lifetime of N ms, a revoked key, link, group or user
 * may still be honoured by a warm instance for up to N ms; with 0 every request
 * reads them afresh. Only successes are kept, keyed by a hash of the exact
 * Authorization header and source IP, never the header itself.
 */
const MAX_ENTRIES = 1000;
const entries = new Map<string, { caller: Caller; expiresAt: number }>();

function cacheKey(authorization: string, sourceIp: string): string {
  return createHash('sha256').update(authorization).update('\n').update(sourceIp).digest('base64');
}

export function cachedCaller(
  authorization: string | undefined,
  sourceIp: string,
  now = Date.now(),
): Caller | undefined {
  if (!authorization || config().authCacheTtlMs <= 0) return undefined;
  const key = cacheKey(authorization, sourceIp);
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    entries.delete(key);
    return undefined;
  }
  return entry.caller;
}

export function rememberCaller(
  authorization: string | undefined,
  sourceIp: string,
  caller: Caller,
  now = Date.now(),
): void {
  const ttl = config().authCacheTtlMs;
  if (!authorization || ttl <= 0) return;
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(cacheKey(authorization, sourceIp), { caller, expiresAt: now + ttl });
}

export function clearAuthCache(): void {
  entries.clear();
}
