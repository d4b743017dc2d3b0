import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { cursorKeys } from '../cursor-keys.js';
import { badRequest } from './http-errors.js';

/**
 * List cursors (docs/api.md §3, "Cursor paging"): an opaque `<payload>.<signature>` string, both base64url.
 * The payload holds the list's sort, its order, a digest of its conditions (filters, nested path, a
 * vendor's company) and the key of the last object of the page it continues after; the signature is
 * HMAC-SHA256 with the stage's current cursor key (lib/cursor-keys.ts); a cursor signed with a previous key still
 * verifies during a rotation. A cursor that is malformed, forged or altered is a 400, and so is
 * one used with other filters or another sort than the list that issued it.
 */
export interface CursorState {
  /** sort_by */
  s: string;
  /** sort_order */
  o: 'asc' | 'desc';
  /** digest of the list's conditions */
  q: string;
  /** the last object's key in the list's order (exclusive start of the next page) */
  k: string;
}

const invalid = (why: string) => badRequest(`The cursor parameter ${why}`);

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function encodeCursor(state: CursorState, secret = cursorKeys().current): string {
  const payload = Buffer.from(JSON.stringify([state.s, state.o, state.q, state.k]), 'utf8').toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The `next` of a page (docs/api.md §3, "Cursor paging"): the signed cursor after its last row, null on the last page. */
export function nextCursor(
  paging: { sortBy: string; sortOrder: CursorState['o'] },
  digest: string,
  nextKey: string | null,
): string | null {
  return nextKey === null ? null : encodeCursor({ s: paging.sortBy, o: paging.sortOrder, q: digest, k: nextKey });
}

const CURSOR_FORMAT = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/;

const allKeys = () => [cursorKeys().current, ...cursorKeys().previous];

function signedWithOneOf(payload: string, signature: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => timingSafeEqual(Buffer.from(sign(payload, secret)), Buffer.from(signature)));
}

/** Whether `text` looks like a cursor signed with a key this instance knows (lib/stack/dispatch/cursor-keys.ts). */
export function signedWithKnownKey(text: string, secrets: readonly string[] = allKeys()): boolean {
  const match = CURSOR_FORMAT.exec(text.trim());
  return !match || signedWithOneOf(match[1]!, match[2]!, secrets);
}

export function decodeCursor(text: string, secret: string | readonly string[] = allKeys()): CursorState {
  const match = CURSOR_FORMAT.exec(text.trim());
  if (!match) throw invalid('is not a cursor this API issued');
  const [, payload, signature] = match as unknown as [string, string, string];
  if (!signedWithOneOf(payload, signature, typeof secret === 'string' ? [secret] : secret))
    throw invalid('is not a cursor this API issued (bad signature)');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid('is not a cursor this API issued');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    !parsed.every((part) => typeof part === 'string') ||
    (parsed[1] !== 'asc' && parsed[1] !== 'desc')
  ) {
    throw invalid('is not a cursor this API issued');
  }
  const [s, o, q, k] = parsed as [string, 'asc' | 'desc', string, string];
  return { s, o, q, k };
}

/** A short digest of what a list is over (entity, nested path, filters, vendor scope): a cursor belongs to one. */
export function listDigest(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

/** The cursor a list request continues from: checked against the list's sort and conditions (400 when they differ). */
export function readCursor(
  text: string | undefined,
  sortBy: string,
  sortOrder: 'asc' | 'desc',
  digest: string,
): CursorState | undefined {
  if (text === undefined) return undefined;
  const state = decodeCursor(text);
  if (state.s !== sortBy || state.o !== sortOrder)
    throw invalid('belongs to a list with another sort_by or sort_order');
  if (state.q !== digest) throw invalid('belongs to a list with other filters');
  return state;
}
