import { createHash } from 'node:crypto';
import { StaleError } from '../errors.js';
import type { ApiResult } from './response.js';

/**
 * Conditional requests (RFC 9110 §8.8.3, §13): every single-object GET sends a strong `ETag`, a GET
 * with a matching `If-None-Match` is a 304, a PUT or DELETE whose `If-Match` does not match the object
 * as it is now is a 412 and changes nothing.
 *
 * The ETag is a hash of the JSON a single GET answers, so it changes whenever the representation does —
 * also for fields computed at read time (a category's product_count) and for entities whose store keeps
 * no version (usergroups). A write with If-Match presents the record it read the same way, compares, and
 * is then conditioned on that very record (its `version`, or all of its shown fields), so a concurrent
 * write in between makes it a 412 — never a lost update, and never retried silently.
 */

export const STALE_MESSAGE = 'The object has changed since the If-Match entity tag was issued; nothing was changed';
export const preconditionFailed = () => new StaleError(STALE_MESSAGE);

/** The strong entity tag of a single object's answer body (`text`: that body already serialised). */
export function etagOf(body: unknown, text = JSON.stringify(body)): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

/** A header's entity tags (`*` or a comma-separated list, each maybe `W/`-prefixed); undefined when absent. */
export function parseTags(header: string | undefined): '*' | string[] | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '*') return '*';
  return text.match(/(?:W\/)?"[^"]*"/g) ?? [];
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** Weak comparison (If-None-Match): the opaque tags are equal, `W/` ignored. */
export function weakMatch(tags: '*' | string[], etag: string): boolean {
  return tags === '*' || tags.some((tag) => opaque(tag) === opaque(etag));
}

/** Strong comparison (If-Match): `*` matches any existing object; a weak tag never matches. */
export function strongMatch(tags: '*' | string[], etag: string): boolean {
  return tags === '*' || tags.some((tag) => !tag.startsWith('W/') && tag === etag);
}

/** The part of a request the preconditions read: its lower-cased headers (absent in hand-built calls). */
export interface RequestHeaders {
  headers?: Record<string, string>;
}

const header = (request: RequestHeaders, name: string) => request.headers?.[name];

/** The If-Match tags of a request when it names specific tags (not `*`): a write must then be bound to what it judged. */
export const specificIfMatch = (request: RequestHeaders) => {
  const tags = parseTags(header(request, 'if-match'));
  return tags !== undefined && tags !== '*';
};

/** Whether the request carries If-Match (a write then never retries past a concurrent change). */
export const hasIfMatch = (request: RequestHeaders) => header(request, 'if-match') !== undefined;

/** A single object's 200 answer with its ETag, or a 304 with the ETag and no body when If-None-Match matches. */
export function conditionalGet(request: RequestHeaders, result: ApiResult): ApiResult {
  if (result.status !== 200) return result;
  // Serialised once: the tag is the hash of the very text the body sends.
  const text = JSON.stringify(result.body);
  const etag = etagOf(result.body, text);
  const tags = parseTags(header(request, 'if-none-match'));
  if (tags && weakMatch(tags, etag)) return { status: 304, headers: { ...result.headers, ETag: etag } };
  return { ...result, text, headers: { ...result.headers, ETag: etag } };
}

/**
 * A write's If-Match, judged against the object as the write read it (`shown`: the single GET's body of
 * that record). Throws 412 when it does not match; does nothing without If-Match.
 */
export async function checkIfMatch(request: RequestHeaders, shown: () => unknown): Promise<void> {
  const tags = parseTags(header(request, 'if-match'));
  if (tags === undefined || tags === '*') return;
  if (!strongMatch(tags, etagOf(await shown()))) throw preconditionFailed();
}

/**
 * A guard for the judge of a retried conditional write: the first attempt checks If-Match; a later
 * attempt (the record changed between the read and the write) is a 412 when If-Match was given.
 */
export function ifMatchJudge(request: RequestHeaders) {
  let attempts = 0;
  return async (shown: () => unknown): Promise<void> => {
    attempts += 1;
    const tags = parseTags(header(request, 'if-match'));
    if (tags === undefined || tags === '*') return;
    if (attempts > 1) throw preconditionFailed();
    await checkIfMatch(request, shown);
  };
}
