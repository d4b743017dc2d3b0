import { cachedCaller, rememberCaller } from '../../auth/auth-cache.js';
import { authenticate } from '../../auth/authenticate.js';
import { authenticateStorefrontKey, guestCaller } from '../../auth/storefront-auth.js';
import type { BucketPolicy } from '../../db/rate-limit.js';
import type { Caller } from '../../entities/caller.js';
import type { EntityFinder } from '../../entities/finder.js';
import type { Operation } from '../../entities/types.js';
import type { Prefetched } from '../../http/operation.js';
import { addLogContext } from '../../log.js';
import { type Prefetch, prefetched, prefetchKeys } from '../prefetch.js';
import type { RequestRead } from '../request.js';

/** Who is calling, and the items read for the operation beside the login (lib/stack/prefetch.ts). */
export interface Authenticated {
  caller: Caller;
  prefetched?: Prefetched;
}

/**
 * First judgement of every request (SPEC §1): who is calling? 401, or 429 while the pair is locked. A batch's item is
 * its batch's caller; without Authorization, the storefront's guest (its access key) or, on an open operation (POST
 * /auth_tokens, whose body holds the credentials), nobody in particular. The login's BatchGetItem also reads the
 * caller's rate-limit bucket (`policy`) and the items `prefetch` names, unless a cached caller skips it.
 */
export async function authenticateRequest(
  read: RequestRead,
  rawPath: string,
  policy: BucketPolicy | undefined,
  prefetch: Prefetch | undefined,
  open: boolean,
): Promise<Authenticated> {
  if (read.batchCaller) return { caller: read.batchCaller };
  const { authorization } = read.headers;
  if (!authorization) {
    const storefrontKey = read.headers['storefront-api-access-key'];
    if (storefrontKey) return { caller: await authenticateStorefrontKey(storefrontKey, read.sourceIp) };
    if (open) return { caller: guestCaller(read.sourceIp) };
  }
  const cached = cachedCaller(authorization, read.sourceIp);
  if (cached) return logged({ caller: cached });
  const keys = prefetchKeys(prefetch, rawPath, read.query);
  const found = await authenticate(authorization, read.sourceIp, keys, policy);
  rememberCaller(authorization, read.sourceIp, found.caller);
  return logged({ caller: found.caller, prefetched: keys.length > 0 ? prefetched(keys, found.lookup) : undefined });
}

function logged(authenticated: Authenticated): Authenticated {
  addLogContext({ userId: authenticated.caller.userId });
  return authenticated;
}

/** Whether the function serving `servedKey` (`auth_tokens.create`) needs no credentials. */
export function isOpenOperation(servedKey: string | undefined, findEntity: EntityFinder): boolean {
  if (!servedKey) return false;
  const [entityName, operation] = servedKey.split('.');
  const entity = entityName === undefined ? undefined : findEntity(entityName);
  return operation !== undefined && (entity?.http.openOperations ?? []).includes(operation as Operation);
}
