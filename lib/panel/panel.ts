import { account, changeAccess, list } from './accounts.js';
import { sameOrigin, sameToken } from './forgery-checks.js';
import { statusOf } from './refusals.js';
import { form, type PanelRequest, type PanelResponse, page, redirect } from './request-response.js';
import { frameOf, type SignedIn, signedIn } from './session.js';
import { loginForm, signIn, signOut } from './sign-in.js';
import { PANEL_CSS, PANEL_CSS_VERSION } from './styles.js';
import { LIST_PATHS, messagePage } from './views.js';

/**
 * The administration panel (docs/panel.md): server-rendered HTML forms, no JavaScript.
 * Sign-in with e-mail and password (administrators only) starts a session kept in DynamoDB; its token
 * travels in an HttpOnly, SameSite=Strict cookie limited to the panel's path (Secure when deployed), and
 * every POST must carry the session's CSRF token. The API access tab switches a user's API key on and
 * off under the same escalation guard as the API (lib/operations/api-access.ts).
 */

/** Larger form bodies are refused before anything is parsed. */
export const MAX_FORM_BYTES = 16 * 1024;

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
