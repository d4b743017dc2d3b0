import { createHash } from 'node:crypto';
import { claimKey, completeKey, releaseKey } from '../../db/idempotency.js';
import { DomainError, UnavailableError } from '../../errors.js';
import type { RequestBody } from '../../http/body.js';
import { errorToResult } from '../../http/error-response.js';
import { badRequest, HttpError } from '../../http/http-errors.js';
import type { ApiResult } from '../../http/response.js';
import { log } from '../../log.js';
import type { Admission, RequestRead } from '../request.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_KEY_LENGTH = 255;
/** Only these methods honour the header; on GET and DELETE it is ignored (they are idempotent already). */
const HONOURED = new Set(['POST', 'PUT']);

/** JSON with object keys sorted at every level: equal bodies give equal text whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a retry must repeat exactly: method, path (with its version), query and the decoded body. */
export function fingerprintOf(
  method: string,
  path: string,
  query: Readonly<Record<string, string>>,
  body: unknown,
): string {
  const sortedQuery = Object.keys(query)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(query[name]!)}`)
    .join('&');
  return createHash('sha256')
    .update(`${method}\n${path}?${sortedQuery}\n${canonicalJson(body ?? null)}`)
    .digest('base64url');
}

/** The Idempotency-Key of a POST/PUT, or undefined. 400 for an empty or over-long key. */
export function idempotencyKeyOf(state: Pick<RequestRead, 'method' | 'headers'>): string | undefined {
  if (!HONOURED.has(state.method)) return undefined;
  const key = state.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (key.trim() === '' || key.length > MAX_KEY_LENGTH) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

/** Whether a failed request's answer is final (4xx: stored and replayed) or worth retrying (5xx: the claim is released). */
function finalAnswer(error: unknown): ApiResult | undefined {
  if (error instanceof UnavailableError) return undefined;
  if (!(error instanceof HttpError) && !(error instanceof DomainError)) return undefined;
  const result = errorToResult(error);
  // A 429 (a batch's items over the rate limit, judged after the claim) says "later", so the key stays free for the retry.
  return result.status < 500 && result.status !== 429 ? { status: result.status, body: result.body } : undefined;
}

/** The (user, key) a request claimed; its answer completes or releases it. */
export interface Claim {
  userId: number;
  key: string;
  token: string;
}

/**
 * Last judgement before the operation (after credentials, route, privilege, body and the rate limit, so a
 * request that is refused for any of those never stores a key). A POST/PUT with `Idempotency-Key`:
 * - first time: claims (user, key) and runs; its answer is stored for 24 h (any status below 500);
 * - again with the same fingerprint: the stored answer, with `Idempotent-Replayed: true`;
 * - with another method, path, query or body: 422;
 * - while the first still runs: 409 with Retry-After;
 * - a 5xx or a crash releases the claim (a crash's claim lapses after IDEMPOTENCY_LOCK_SECONDS).
 * Requests without the header cost nothing here.
 */
export async function claimOrReplay(
  rawPath: string,
  admission: Admission,
  body: RequestBody | undefined,
): Promise<{ claim?: Claim; replay?: ApiResult }> {
  const key = idempotencyKeyOf(admission);
  // A batch's items never carry a key: the batch's own key covers them all. A storefront guest is nobody in
  // particular: keys of different guests would collide, so none is kept.
  if (key === undefined || admission.batchCaller || admission.caller.userId < 1) return {};
  const userId = admission.caller.userId;
  const fingerprint = fingerprintOf(admission.method, rawPath, admission.query, body);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const outcome = await claimKey(userId, key, fingerprint, nowSeconds);
  if (outcome.kind === 'claimed') return { claim: { userId, key, token: outcome.token } };
  if (outcome.fingerprint !== fingerprint) {
    throw new HttpError(422, 'this Idempotency-Key was used with another request (method, path or body)');
  }
  if (outcome.kind === 'pending') {
    throw new HttpError(409, 'a request with this Idempotency-Key is still in progress; retry later', {
      'Retry-After': '1',
    });
  }
  const { status, body: stored } = outcome.answer;
  const headers = { 'Idempotent-Replayed': 'true' };
  // Sent as stored (`text`); the parsed body is what the storefront cache may read.
  return {
    replay: stored ? { status, body: JSON.parse(stored) as unknown, text: stored, headers } : { status, headers },
  };
}

/**
 * The answer of a request that holds `claim`: stored for its replays (serialised once: the bytes stored are the bytes
 * sent), or, for a 5xx or a crash, the claim released so a retry runs again.
 */
export async function answerUnderClaim(claim: Claim, answer: Promise<ApiResult>): Promise<ApiResult> {
  let result: ApiResult;
  try {
    result = await answer;
  } catch (error) {
    await settleFailure(claim, error);
    throw error;
  }
  if (result.status >= 500) {
    await releaseKey(claim.userId, claim.key, claim.token);
    return result;
  }
  const body =
    result.status === 204 || result.body === undefined ? undefined : (result.text ?? JSON.stringify(result.body));
  try {
    await completeKey(claim.userId, claim.key, claim.token, { status: result.status, body });
  } catch (error) {
    // The work is done and its answer goes out; only the replay is lost. Free the key rather than leave it locked.
    log('warn', 'idempotency answer not stored', { error: (error as Error).message });
    await releaseKey(claim.userId, claim.key, claim.token).catch(() => undefined);
  }
  return body === undefined ? result : { ...result, text: body };
}

/** A failed request's claim: its final answer (a 4xx) stored, or the claim released. */
async function settleFailure(claim: Claim, error: unknown): Promise<void> {
  const answer = finalAnswer(error);
  try {
    if (answer)
      await completeKey(claim.userId, claim.key, claim.token, {
        status: answer.status,
        body: JSON.stringify(answer.body),
      });
    else await releaseKey(claim.userId, claim.key, claim.token);
  } catch (failure) {
    log('warn', 'idempotency claim not settled', { error: (failure as Error).message });
  }
}
