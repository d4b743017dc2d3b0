import { API_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth/passwords.js';
import { MAX_FAILURES, WINDOW_SECONDS } from '../db/login-attempts.js';
import type { UserRecord } from '../db/records.js';
import { type Html, html } from './html.js';
import { PANEL_CSS_VERSION } from './styles.js';

/** Who is signed in, as the page chrome shows it. */
export interface Viewer {
  userId: number;
  email: string;
  isRoot: boolean;
  /** May open the lists and other people's accounts (root, or the view_users privilege). */
  canViewUsers: boolean;
  csrfToken: string;
}

export interface PageFrame {
  /** `/admin`, or `/<stage>/admin` on an execute-api URL. */
  base: string;
  viewer?: Viewer;
  /** Which menu entry is current. */
  section?: 'A' | 'V' | 'self';
}

export type Notice = { kind: 'ok' | 'error' | 'warn'; text: string | Html };

export const LIST_TITLES = { A: 'Administrators', V: 'Vendor administrators' } as const;
export const LIST_PATHS = { A: 'administrators', V: 'vendors' } as const;

function current(active: boolean): Html | undefined {
  return active ? html` aria-current="page"` : undefined;
}

export function layout(frame: PageFrame, title: string, body: Html): Html {
  const { base, viewer, section } = frame;
  const chrome = viewer
    ? html`<header class="topbar">
  <a class="brand" href="${base}/">Store admin</a>
  <span class="who">${viewer.email}${viewer.isRoot ? ' (root)' : ''}</span>
  <form method="post" action="${base}/logout"><input type="hidden" name="csrf_token" value="${viewer.csrfToken}"><button type="submit">Sign out</button></form>
</header>
<nav class="menu" aria-label="Main">
  <span class="section">Customers</span>
  ${
    viewer.canViewUsers
      ? html`<a href="${base}/${LIST_PATHS.A}"${current(section === 'A')}>${LIST_TITLES.A}</a>
  <a href="${base}/${LIST_PATHS.V}"${current(section === 'V')}>${LIST_TITLES.V}</a>`
      : undefined
  }
  <a href="${base}/users/${viewer.userId}"${current(section === 'self')}>My account</a>
</nav>`
    : html`<header class="topbar"><span class="brand">Store admin</span></header>`;
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${title} · Store admin</title>
<link rel="stylesheet" href="${base}/assets/panel.css?v=${PANEL_CSS_VERSION}">
<link rel="icon" href="data:,">
</head>
<body>
${chrome}
<main>
${body}
</main>
</body>
</html>
`;
}

function notices(list: Notice[]): Html {
  return html`${list.map(
    (n) => html`<div class="notice ${n.kind}" role="${n.kind === 'error' ? 'alert' : 'status'}"><p>${n.text}</p></div>`,
  )}`;
}

export function loginPage(frame: PageFrame, loginToken: string, email: string, notice?: Notice): Html {
  return layout(
    frame,
    'Sign in',
    html`<div class="login">
<h1>Sign in</h1>
${notices(notice ? [notice] : [])}
<form class="card" method="post" action="${frame.base}/login">
  <input type="hidden" name="login_token" value="${loginToken}">
  <div class="field"><label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required value="${email}"></div>
  <div class="field"><label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required></div>
  <button type="submit">Sign in</button>
</form>
<p class="hint">Administrators get a password with <code>npm run admin -- set-password --email …</code>: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, no space at either end. ${MAX_FAILURES} failed sign-ins within ${WINDOW_SECONDS / 60} minutes lock that e-mail out from your address until the ${WINDOW_SECONDS / 60} minutes are over.</p>
</div>`,
  );
}

export function fullName(user: UserRecord): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ');
}

function apiBadge(enabled: boolean | undefined): Html {
  return enabled ? html`<span class="badge on">on</span>` : html`<span class="badge off">off</span>`;
}

export interface ListView {
  type: 'A' | 'V';
  users: UserRecord[];
  apiEnabled: Map<number, boolean>;
  page: number;
  pages: number;
  total: number;
  /** The exact address searched for, when the list is filtered. */
  email?: string;
}

export function listPage(frame: PageFrame, view: ListView): Html {
  const { base } = frame;
  const title = LIST_TITLES[view.type];
  const rows = view.users.map(
    (u) => html`<tr>
  <td data-label="ID">${u.user_id}</td>
  <td data-label="E-mail" class="email"><a href="${base}/users/${u.user_id}">${u.email}</a>${u.is_root === 'Y' && u.user_type === 'A' ? html` <span class="badge root">root</span>` : undefined}</td>
  <td data-label="Name">${fullName(u) || '—'}</td>
  ${view.type === 'V' ? html`<td data-label="Company">${u.company_id}</td>` : undefined}
  <td data-label="Status">${u.status === 'A' ? 'Active' : 'Disabled'}</td>
  <td data-label="API access">${apiBadge(view.apiEnabled.get(u.user_id))}</td>
</tr>`,
  );
  const listUrl = `${base}/${LIST_PATHS[view.type]}`;
  const link = (page: number, text: string) => html`<a href="${listUrl}?page=${page}">${text}</a>`;
  return layout(
    { ...frame, section: view.type },
    title,
    html`<p class="crumbs">Customers</p>
<h1>${title}</h1>
<form class="search" method="get" action="${listUrl}" role="search">
  <label for="find-email">Find by e-mail</label>
  <div class="actions"><input id="find-email" name="email" type="email" value="${view.email ?? ''}" placeholder="the exact address"><button type="submit" class="secondary">Find</button>${view.email !== undefined ? html`<a href="${listUrl}">Show all</a>` : undefined}</div>
</form>
${
  view.users.length === 0
    ? html`<p class="empty">${view.email !== undefined ? 'No account with that address here.' : 'None yet.'}</p>`
    : html`<table>
<thead><tr><th>ID</th><th>E-mail</th><th>Name</th>${view.type === 'V' ? html`<th>Company</th>` : undefined}<th>Status</th><th>API access</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
<div class="pager">${view.page > 1 ? link(view.page - 1, '‹ Previous') : undefined}<span class="hint">${view.total} in all${view.pages > 1 ? `, page ${view.page} of ${view.pages}` : ''}</span>${view.page < view.pages ? link(view.page + 1, 'Next ›') : undefined}</div>`,
  );
}

export interface AccountView {
  user: UserRecord;
  apiEnabled: boolean;
  tab: 'general' | 'api';
  /** The viewer may switch this account's API access (themselves, or root). */
  canChange: boolean;
  /** Why not, when they may not. */
  cannotChangeReason?: string;
  canRegenerate: boolean;
  notices: Notice[];
  /** A key generated by this very request: shown this once. */
  newKey?: string;
  /** `https://host/stage/api`, for the example call. */
  apiBase: string;
}

const USER_TYPES_SHOWN = { A: 'Administrator', V: 'Vendor administrator', C: 'Customer' } as const;

export function accountPage(frame: PageFrame, view: AccountView): Html {
  const { base, viewer } = frame;
  const { user } = view;
  const self = viewer?.userId === user.user_id;
  const listType = user.user_type === 'V' ? 'V' : 'A';
  const crumbs =
    viewer?.canViewUsers && user.user_type !== 'C'
      ? html`<p class="crumbs">Customers › <a href="${base}/${LIST_PATHS[listType]}">${LIST_TITLES[listType]}</a></p>`
      : html`<p class="crumbs">Customers</p>`;
  const tabs = html`<ul class="tabs">
  <li><a href="${base}/users/${user.user_id}"${current(view.tab === 'general')}>General</a></li>
  <li><a href="${base}/users/${user.user_id}/api"${current(view.tab === 'api')}>${user.user_type === 'C' ? 'Storefront password' : 'API access'}</a></li>
</ul>`;
  const content = view.tab === 'general' ? generalTab(user) : apiTab(frame, view);
  return layout(
    { ...frame, section: self ? 'self' : listType },
    `${user.email} — ${view.tab === 'api' ? (user.user_type === 'C' ? 'Storefront password' : 'API access') : 'General'}`,
    html`${crumbs}
<h1>${user.email}</h1>
${notices(view.notices)}
${tabs}
<div class="card">
${content}
</div>`,
  );
}

function generalTab(user: UserRecord): Html {
  return html`<dl>
  <dt>User ID</dt><dd>${user.user_id}</dd>
  <dt>E-mail</dt><dd>${user.email}</dd>
  <dt>Name</dt><dd>${fullName(user) || '—'}</dd>
  <dt>Type</dt><dd>${USER_TYPES_SHOWN[user.user_type]}${user.is_root === 'Y' && user.user_type === 'A' ? ' (root)' : ''}</dd>
  <dt>Status</dt><dd>${user.status === 'A' ? 'Active' : 'Disabled'}</dd>
  ${user.user_type === 'V' ? html`<dt>Company</dt><dd>${user.company_id}</dd>` : undefined}
</dl>`;
}

function apiTab(frame: PageFrame, view: AccountView): Html {
  const { base, viewer } = frame;
  const { user } = view;
  const action = `${base}/users/${user.user_id}/api`;
  const csrf = html`<input type="hidden" name="csrf_token" value="${viewer?.csrfToken ?? ''}">`;
  const keyBox = view.newKey
    ? html`<div class="notice ok" role="status" id="new-key">
  <p><strong>The API key of ${user.email}:</strong></p>
  <code class="key" id="api-key">${view.newKey}</code>
  <p>Copy it now: it is shown only this once, and only its hash is stored. If it is lost, switch API access off and on again${viewer?.isRoot ? ' or regenerate it' : ''}.</p>
  <pre>curl -u '${user.email}:${view.newKey}' ${view.apiBase}/version</pre>
</div>`
    : undefined;
  if (user.user_type === 'C') return storefrontPasswordTab(action, csrf);
  return html`${keyBox}
<form method="post" action="${action}">
  ${csrf}
  <label class="check"><input type="checkbox" name="api_access" value="Y"${view.apiEnabled ? html` checked` : undefined}${view.canChange ? undefined : html` disabled`}> Allow API access</label>
  <p class="hint">API access is ${view.apiEnabled ? 'on' : 'off'}. The API login is the e-mail address; the password is the API key, generated when access is switched on and shown once. Switching access off revokes the key at once.${user.status !== 'A' ? ' This account is disabled: no key works until it is active again.' : ''}</p>
  ${
    view.canChange
      ? html`<div class="actions"><button type="submit" name="action" value="save">Save</button></div>`
      : html`<p class="notice warn">${view.cannotChangeReason ?? 'You may not change this.'}</p>`
  }
</form>
${
  view.canRegenerate && view.apiEnabled
    ? html`<h2>Regenerate key</h2>
<form method="post" action="${action}">
  ${csrf}
  <p class="hint">A new key replaces the current one, which stops working at once.</p>
  <div class="actions"><button type="submit" name="action" value="regenerate" class="secondary">Regenerate key</button></div>
</form>`
    : undefined
}`;
}

export function messagePage(frame: PageFrame, title: string, message: string): Html {
  return layout(
    frame,
    title,
    html`<h1>${title}</h1>
<div class="notice error" role="alert"><p>${message}</p></div>
<p><a href="${frame.base}/">Back to the panel</a></p>`,
  );
}

/** A customer's tab: customers never hold API access; they sign in to the storefront with a password set here. */
function storefrontPasswordTab(action: string, csrf: Html): Html {
  return html`<p>Customers never hold API access: only administrators and vendor administrators do. A customer signs in to the storefront (<code>POST /api/auth_tokens</code>) with a password.</p>
<form method="post" action="${action}">
  ${csrf}
  <div class="field"><label for="password">New storefront password</label><input id="password" name="password" type="password" autocomplete="new-password" minlength="${API_PASSWORD_MIN_LENGTH}" maxlength="${PASSWORD_MAX_LENGTH}" required></div>
  <p class="hint">${API_PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, no space at either end. Only its hash is stored; the customer's earlier sign-ins stop working. Needs manage_users.</p>
  <div class="actions"><button type="submit" name="action" value="password">Set password</button></div>
</form>`;
}
