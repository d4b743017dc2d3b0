import { timingSafeEqual } from 'node:crypto';
import type { PanelRequest } from './request-response.js';

/**
 * The checks that keep another site from acting through a signed-in browser: tokens compared in constant time
 * (session, CSRF and sign-in form tokens) and the Origin of a POST.
 */

/** Constant-time equality of two tokens (false when either is missing). */
export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * POSTs from another site are refused by the Origin check too (SameSite and the token already stop them).
 * Browsers send `Origin: null` when the page's referrer policy is no-referrer, hence `same-origin` there.
 */
export function sameOrigin(request: PanelRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
