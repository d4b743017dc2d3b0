import { effectivePrivileges } from '../auth/authorize.js';
import { getSession, type PanelSession, passwordTag } from '../db/panel-sessions.js';
import type { LoginRecord } from '../db/records.js';
import { getLogin } from '../db/users.js';
import type { Caller } from '../entities/caller.js';
import { parseCookies, serializeCookie } from './cookies.js';
import { sameToken } from './forgery-checks.js';
import { panelTable } from './panel-table.js';
import type { PanelRequest } from './request-response.js';
import type { PageFrame, Viewer } from './views.js';

/**
 * The signed-in administrator of a panel request: the session cookie, the checks that the session still stands,
 * and the caller and viewer the pages act and render for.
 */

export const SESSION_COOKIE = 'panel_session';

export function callerOf(login: LoginRecord): Caller {
  return {
    userId: login.user_id,
    email: login.email_lc,
    userType: login.user_type,
    isRoot: login.is_root === 'Y' && login.user_type === 'A',
    companyId: login.company_id,
    activeGroupIds: [...(login.active_groups ?? [])].map(Number),
  };
}

export interface SignedIn {
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
export async function signedIn(request: PanelRequest): Promise<SignedIn | undefined> {
  const token = parseCookies(request.headers.cookie)[SESSION_COOKIE];
  if (!token) return undefined;
  const session = await getSession(token);
  if (!session) return undefined;
  const login = await getLogin(session.email_lc, panelTable);
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

export function frameOf(request: PanelRequest, who?: SignedIn): PageFrame {
  return { base: request.base, viewer: who?.viewer };
}

export function sessionCookie(request: PanelRequest, token: string, maxAge: number): string {
  return serializeCookie(SESSION_COOKIE, token, { path: request.base, maxAge, secure: request.secure });
}
