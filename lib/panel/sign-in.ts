import { verifyPassword } from '../auth/passwords.js';
import { batchGet } from '../db/batch-get.js';
import { keys } from '../db/keys.js';
import { type AttemptWindow, lockedForSeconds, recordFailure } from '../db/login-attempts.js';
import { createSession, deleteSession, randomToken, SESSION_SECONDS } from '../db/panel-sessions.js';
import { type LoginRecord, withoutKeys } from '../db/records.js';
import { parseCookies, serializeCookie } from './cookies.js';
import { sameOrigin, sameToken } from './forgery-checks.js';
import { form, type PanelRequest, type PanelResponse, page, redirect } from './request-response.js';
import { frameOf, type SignedIn, sessionCookie, signedIn } from './session.js';
import { loginPage, type Notice } from './views.js';

/**
 * The panel's sign-in form and sign-out: the form's double-submit token, the password check, the lockout after
 * repeated failures, and starting and ending the session.
 */

/** Double-submit token of the sign-in form (there is no session yet to hold one). */
export const LOGIN_COOKIE = 'panel_login';
const LOGIN_COOKIE_SECONDS = 60 * 60;

export function showLogin(
  request: PanelRequest,
  status: number,
  email: string,
  notice?: Notice,
  extra: Record<string, string> = {},
): PanelResponse {
  // A fresh form token each time the form is shown, in the cookie and in the form (double submit).
  const loginToken = randomToken();
  const cookie = serializeCookie(LOGIN_COOKIE, loginToken, {
    path: request.base,
    maxAge: LOGIN_COOKIE_SECONDS,
    secure: request.secure,
  });
  return page(status, loginPage(frameOf(request), loginToken, email, notice), { 'Set-Cookie': cookie, ...extra });
}

export async function loginForm(request: PanelRequest): Promise<PanelResponse> {
  if (await signedIn(request)) return redirect(`${request.base}/`);
  return showLogin(request, 200, '');
}

export const MAX_EMAIL_LENGTH = 254;
const WRONG_CREDENTIALS = 'The e-mail or password is wrong, or this account may not sign in to the panel.';

/**
 * POST /login. Failures look alike and cost alike (the password is checked against a dummy hash when there
 * is no account or no password) and are counted per (e-mail, source address) in the same window as failed
 * API logins (SPEC §4): 10 within 15 minutes lock the pair out with 429 until the window ends.
 */
export async function signIn(request: PanelRequest): Promise<PanelResponse> {
  const fields = form(request);
  const email = (fields.get('email') ?? '').trim();
  const password = fields.get('password') ?? '';
  const formToken = parseCookies(request.headers.cookie)[LOGIN_COOKIE];
  if (!sameToken(formToken, fields.get('login_token')) || !sameOrigin(request)) {
    return showLogin(request, 403, email, {
      kind: 'error',
      text: 'The sign-in form had expired. Please sign in again.',
    });
  }
  if (!email || !password)
    return showLogin(request, 400, email, { kind: 'error', text: 'Enter your e-mail and password.' });
  // No address is longer (RFC 5321), and a longer one could not be a DynamoDB key: refused like a wrong one.
  if (email.length > MAX_EMAIL_LENGTH) return showLogin(request, 401, '', { kind: 'error', text: WRONG_CREDENTIALS });

  const emailLower = email.toLowerCase();
  const now = Math.floor(Date.now() / 1000);
  const loginKey = keys.login(emailLower);
  const attemptsKey = keys.throttle(emailLower, request.sourceIp);
  const lookup = await batchGet([loginKey, attemptsKey]);
  const locked = lockedForSeconds(lookup(attemptsKey) as AttemptWindow | undefined, now);
  if (locked > 0) {
    const minutes = Math.ceil(locked / 60);
    return showLogin(
      request,
      429,
      email,
      { kind: 'error', text: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` },
      { 'Retry-After': String(locked) },
    );
  }
  const item = lookup(loginKey);
  const login = item ? withoutKeys<LoginRecord>(item) : undefined;
  const passwordMatches = await verifyPassword(password, login?.password_hash);
  if (!login || !passwordMatches || !login.password_hash || login.status !== 'A' || login.user_type !== 'A') {
    await recordFailure(emailLower, request.sourceIp, now);
    return showLogin(request, 401, email, { kind: 'error', text: WRONG_CREDENTIALS });
  }
  const { token } = await createSession(login.user_id, login.email_lc, login.password_hash, now);
  return redirect(`${request.base}/`, { 'Set-Cookie': sessionCookie(request, token, SESSION_SECONDS) });
}

export async function signOut(request: PanelRequest, who: SignedIn): Promise<PanelResponse> {
  await deleteSession(who.token);
  return redirect(`${request.base}/login`, { 'Set-Cookie': sessionCookie(request, '', 0) });
}
