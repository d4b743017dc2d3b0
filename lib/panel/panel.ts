import { timingSafeEqual } from 'node:crypto';
import { effectivePrivileges } from '../auth/authorize.js';
import { verifyPassword } from '../auth/passwords.js';
import { batchGet } from '../db/batch-get.js';
import { keys } from '../db/keys.js';
import { type AttemptWindow, lockedForSeconds, recordFailure } from '../db/login-attempts.js';
import {
  createSession,
  deleteSession,
  getSession,
  type PanelSession,
  passwordTag,
  randomToken,
  SESSION_SECONDS,
} from '../db/panel-sessions.js';
import { type LoginRecord, type UserRecord, withoutKeys } from '../db/records.js';
import { listUsers } from '../db/user-list.js';
import { getLogin, getUser } from '../db/users.js';
import type { Caller } from '../entities/caller.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { type ApiAccessRequest, changeApiAccess } from '../operations/api-access.js';
import { parseCookies, serializeCookie } from './cookies.js';
import { setCustomerPassword } from './customer-password.js';
import type { Html } from './html.js';
import { statusOf } from './refusals.js';
import { PANEL_CSS, PANEL_CSS_VERSION } from './styles.js';
import {
  accountPage,
  LIST_PATHS,
  listPage,
  loginPage,
  messagePage,
  type Notice,
  type PageFrame,
  type Viewer,
} from './views.js';

/**
 * The administration panel (docs/panel.md): server-rendered HTML forms, no JavaScript.
 * Sign-in with e-mail and password (administrators only) starts a session kept in DynamoDB; its token
 * travels in an HttpOnly, SameSite=Strict cookie limited to the panel's path (Secure when deployed), and
 * every POST must carry the session's CSRF token. The API access tab switches a user's API key on and
 * off under the same escalation guard as the API (lib/operations/api-access.ts).
 */

export const SESSION_COOKIE = 'panel_session';
/** Double-submit token of the sign-in form (there is no session yet to hold one). */
export const LOGIN_COOKIE = 'panel_login';
const LOGIN_COOKIE_SECONDS = 60 * 60;
const PAGE_SIZE = 50;
/** Larger form bodies are refused before anything is parsed. */
export const MAX_FORM_BYTES = 16 * 1024;

export interface PanelRequest {
  method: string;
  /** The path below the panel: '', '/', '/login', '/users/7/api', … */
  subpath: string;
  /** Where the panel is mounted as the browser sees it: `/admin` or `/<stage>/admin`. */
  base: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  query: Record<string, string>;
  /** The decoded body of a POST. */
  body: string;
  sourceIp: string;
  /** Cookies get `Secure` (everywhere but serverless offline). */
  secure: boolean;
}

export interface PanelResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Pages show API keys once, and what a signed-in administrator sees: never stored by a browser or proxy.
  'Cache-Control': 'no-store',
};

function page(status: number, body: Html, headers: Record<string, string> = {}): PanelResponse {
  return { status, headers: { ...HTML_HEADERS, ...headers }, body: body.text };
}

function redirect(location: string, headers: Record<string, string> = {}): PanelResponse {
  return { status: 303, headers: { Location: location, ...HTML_HEADERS, ...headers }, body: '' };
}

/** Constant-time equality of two tokens (false when either is missing). */
function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function callerOf(login: LoginRecord): Caller {
  return {
    userId: login.user_id,
    email: login.email_lc,
    userType: login.user_type,
    isRoot: login.is_root === 'Y' && login.user_type === 'A',
    companyId: login.company_id,
    activeGroupIds: [...(login.active_groups ?? [])].map(Number),
  };
}

interface SignedIn {
  token: string;
  session: PanelSession;
  caller: Caller;
  viewer: Viewer;
}

/**
 * The signed-in administrator of a request, or undefined. Everything is re-read on every request: the
 * session ends when it expires, when the account is disabled or stops being an administrator, when its
 * e-mail changes, and when a new password is set.
 */
async function signedIn(request: PanelRequest): Promise<SignedIn | undefined> {
  const token = parseCookies(request.headers.cookie)[SESSION_COOKIE];
  if (!token) return undefined;
  const session = await getSession(token);
  if (!session) return undefined;
  const login = await getLogin(session.email_lc);
  const valid =
    login &&
    login.user_id === session.user_id &&
    login.user_type === 'A' &&
    login.status === 'A' &&
    login.password_hash !== undefined &&
    sameToken(passwordTag(login.password_hash), session.password_tag);
  if (!valid) return undefined;
  const caller = callerOf(login);
  const canViewUsers = caller.isRoot || (await effectivePrivileges(caller)).has('view_users');
  return {
    token,
    session,
    caller,
    viewer: {
      userId: caller.userId,
      email: login.email_lc,
      isRoot: caller.isRoot,
      canViewUsers,
      csrfToken: session.csrf_token,
    },
  };
}

function frameOf(request: PanelRequest, who?: SignedIn): PageFrame {
  return { base: request.base, viewer: who?.viewer };
}

/**
 * POSTs from another site are refused by the Origin check too (SameSite and the token already stop them).
 * Browsers send `Origin: null` when the page's referrer policy is no-referrer, hence `same-origin` there.
 */
function sameOrigin(request: PanelRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function form(request: PanelRequest): URLSearchParams {
  return new URLSearchParams(request.body);
}

function sessionCookie(request: PanelRequest, token: string, maxAge: number): string {
  return serializeCookie(SESSION_COOKIE, token, { path: request.base, maxAge, secure: request.secure });
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in and sign-out

function showLogin(
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

async function loginForm(request: PanelRequest): Promise<PanelResponse> {
  if (await signedIn(request)) return redirect(`${request.base}/`);
  return showLogin(request, 200, '');
}

const MAX_EMAIL_LENGTH = 254;
const WRONG_CREDENTIALS = 'The e-mail or password is wrong, or this account may not sign in to the panel.';

/**
 * POST /login. Failures look alike and cost alike (the password is checked against a dummy hash when there
 * is no account or no password) and are counted per (e-mail, source address) in the same window as failed
 * API logins (SPEC §4): 10 within 15 minutes lock the pair out with 429 until the window ends.
 */
async function signIn(request: PanelRequest): Promise<PanelResponse> {
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

async function signOut(request: PanelRequest, who: SignedIn): Promise<PanelResponse> {
  await deleteSession(who.token);
  return redirect(`${request.base}/login`, { 'Set-Cookie': sessionCookie(request, '', 0) });
}

// ---------------------------------------------------------------------------------------------------------------
// Customers → Administrators / Vendor administrators

function requireViewUsers(who: SignedIn): void {
  if (!who.viewer.canViewUsers) throw new ForbiddenError('The view_users privilege is required');
}

async function apiStates(users: UserRecord[]): Promise<Map<number, boolean>> {
  const loginKeys = users.map((u) => keys.login(u.email_lc));
  const lookup = await batchGet(loginKeys);
  return new Map(
    users.map((u) => {
      const item = lookup(keys.login(u.email_lc));
      return [u.user_id, Boolean(item && item.user_id === u.user_id && item.key_hash)];
    }),
  );
}

async function list(request: PanelRequest, who: SignedIn, type: 'A' | 'V'): Promise<PanelResponse> {
  requireViewUsers(who);
  const requested = Number(request.query.page ?? '1');
  const pageNumber = Number.isInteger(requested) && requested >= 1 && requested <= 100_000 ? requested : 1;
  const email = request.query.email?.trim().slice(0, MAX_EMAIL_LENGTH) || undefined;
  const { users, total } = await listUsers({
    user_type: type,
    email,
    page: pageNumber,
    itemsPerPage: PAGE_SIZE,
    sortBy: 'id',
    descending: false,
  });
  const apiEnabled = await apiStates(users);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return page(200, listPage(frameOf(request, who), { type, users, apiEnabled, page: pageNumber, pages, total, email }));
}

// ---------------------------------------------------------------------------------------------------------------
// An account: General and API access tabs

async function loadAccount(who: SignedIn, userId: number): Promise<{ user: UserRecord; apiEnabled: boolean }> {
  if (userId !== who.caller.userId) requireViewUsers(who);
  const user = await getUser(userId);
  if (!user) throw new NotFoundError('There is no such account.');
  const login = await getLogin(user.email_lc);
  return { user, apiEnabled: Boolean(login && login.user_id === userId && login.key_hash) };
}

function apiBase(request: PanelRequest): string {
  const proto = request.headers['x-forwarded-proto'] ?? (request.secure ? 'https' : 'http');
  const host = request.headers.host ?? 'localhost';
  return `${proto}://${host}${request.base.replace(/\/admin$/, '')}/api`;
}

function accountResponse(
  request: PanelRequest,
  who: SignedIn,
  status: number,
  account: { user: UserRecord; apiEnabled: boolean },
  tab: 'general' | 'api',
  notices: Notice[] = [],
  newKey?: string,
): PanelResponse {
  const { user } = account;
  const self = user.user_id === who.caller.userId;
  const canChange = user.user_type !== 'C' && (self || who.caller.isRoot);
  return page(
    status,
    accountPage(frameOf(request, who), {
      user,
      apiEnabled: account.apiEnabled,
      tab,
      canChange,
      cannotChangeReason: canChange
        ? undefined
        : 'Only a root administrator may change the API access of another administrator or a vendor.',
      canRegenerate: who.caller.isRoot && user.user_type !== 'C',
      notices,
      newKey,
      apiBase: apiBase(request),
    }),
  );
}

async function account(
  request: PanelRequest,
  who: SignedIn,
  userId: number,
  tab: 'general' | 'api',
): Promise<PanelResponse> {
  return accountResponse(request, who, 200, await loadAccount(who, userId), tab);
}

/** POST /users/:id/api: Save (the checkbox decides on or off), Regenerate key, or a customer's storefront password. */
async function changeAccess(request: PanelRequest, who: SignedIn, userId: number): Promise<PanelResponse> {
  const fields = form(request);
  const shown = await loadAccount(who, userId);
  const wanted: ApiAccessRequest =
    fields.get('action') === 'regenerate' ? 'regenerate' : fields.get('api_access') === 'Y' ? 'enable' : 'disable';
  try {
    if (fields.get('action') === 'password') {
      await setCustomerPassword(who.caller, userId, fields.get('password') ?? '');
      return accountResponse(request, who, 200, shown, 'api', [
        { kind: 'ok', text: 'Saved. The storefront password is set; earlier sign-ins no longer work.' },
      ]);
    }
    const result = await changeApiAccess(who.caller, userId, wanted);
    const after = { user: result.user, apiEnabled: result.enabled };
    const notices: Notice[] = [];
    if (!result.changed)
      notices.push({
        kind: 'ok',
        text: `Saved. API access was already ${result.enabled ? 'on' : 'off'}: nothing changed.`,
      });
    else if (!result.enabled)
      notices.push({ kind: 'ok', text: 'Saved. API access is off: the key was revoked and no longer works.' });
    else
      notices.push({
        kind: 'ok',
        text:
          wanted === 'regenerate'
            ? 'A new key was generated; the old one no longer works.'
            : 'Saved. API access is on.',
      });
    return accountResponse(request, who, 200, after, 'api', notices, result.key);
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    const message = (error as Error).message;
    const text = status === 403 ? `Forbidden: ${message}` : message;
    return accountResponse(request, who, status, shown, 'api', [{ kind: 'error', text }]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Routing

type Route =
  | { name: 'home' | 'login' | 'logout' | 'css' }
  | { name: 'list'; type: 'A' | 'V' }
  | { name: 'account'; userId: number; tab: 'general' | 'api' };

const ALLOWED: Record<string, string[]> = {
  home: ['GET'],
  login: ['GET', 'POST'],
  logout: ['POST'],
  css: ['GET'],
  list: ['GET'],
  general: ['GET'],
  api: ['GET', 'POST'],
};

function route(subpath: string): Route | undefined {
  const path = subpath.replace(/\/+$/, '');
  if (path === '') return { name: 'home' };
  if (path === '/login') return { name: 'login' };
  if (path === '/logout') return { name: 'logout' };
  if (path === '/assets/panel.css') return { name: 'css' };
  if (path === `/${LIST_PATHS.A}`) return { name: 'list', type: 'A' };
  if (path === `/${LIST_PATHS.V}`) return { name: 'list', type: 'V' };
  const match = /^\/users\/([1-9][0-9]{0,14})(\/api)?$/.exec(path);
  if (match) return { name: 'account', userId: Number(match[1]), tab: match[2] ? 'api' : 'general' };
  return undefined;
}

function notFound(request: PanelRequest, who?: SignedIn): PanelResponse {
  return page(404, messagePage(frameOf(request, who), 'Not found', 'There is no such page.'));
}

const CSS_RESPONSE_HEADERS = {
  'Content-Type': 'text/css; charset=utf-8',
  'Cache-Control': 'public, max-age=31536000, immutable',
};

/** Answers one request to the panel. Unexpected errors are left to the caller (a generic 500 page). */
export async function handlePanel(request: PanelRequest): Promise<PanelResponse> {
  const target = route(request.subpath);
  if (!target) return notFound(request);
  const allowed = ALLOWED[target.name === 'account' ? target.tab : target.name]!;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (!allowed.includes(method)) {
    return page(405, messagePage(frameOf(request), 'Method not allowed', `Use ${allowed.join(' or ')}.`), {
      Allow: allowed.join(', '),
    });
  }

  if (target.name === 'css') {
    const versioned = request.query.v === PANEL_CSS_VERSION;
    return {
      status: 200,
      headers: versioned ? CSS_RESPONSE_HEADERS : { ...CSS_RESPONSE_HEADERS, 'Cache-Control': 'no-cache' },
      body: PANEL_CSS,
    };
  }
  if (method === 'POST' && Buffer.byteLength(request.body) > MAX_FORM_BYTES) {
    return page(413, messagePage(frameOf(request), 'Too large', 'The form is too large.'));
  }
  if (target.name === 'login') return method === 'POST' ? signIn(request) : loginForm(request);

  const who = await signedIn(request);
  if (!who) return redirect(`${request.base}/login`);
  if (
    method === 'POST' &&
    (!sameToken(form(request).get('csrf_token'), who.session.csrf_token) || !sameOrigin(request))
  ) {
    return page(
      403,
      messagePage(
        frameOf(request, who),
        'Form expired',
        'The form had expired or did not come from this panel. Go back, reload the page and try again.',
      ),
    );
  }
  try {
    switch (target.name) {
      case 'home':
        return redirect(
          who.viewer.canViewUsers ? `${request.base}/${LIST_PATHS.A}` : `${request.base}/users/${who.caller.userId}`,
        );
      case 'logout':
        return await signOut(request, who);
      case 'list':
        return await list(request, who, target.type);
      case 'account':
        return method === 'POST'
          ? await changeAccess(request, who, target.userId)
          : await account(request, who, target.userId, target.tab);
    }
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) throw error;
    const title = status === 403 ? 'Forbidden' : status === 404 ? 'Not found' : 'Bad request';
    return page(status, messagePage(frameOf(request, who), title, (error as Error).message));
  }
}
