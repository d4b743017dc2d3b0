import { batchGet } from '../db/batch-get.js';
import { keys } from '../db/keys.js';
import type { UserRecord } from '../db/records.js';
import { listUsers } from '../db/user-list.js';
import { getLogin, getUser } from '../db/users.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { type ApiAccessRequest, changeApiAccess } from '../operations/api-access.js';
import { setCustomerPassword } from './customer-password.js';
import { panelTable } from './panel-table.js';
import { statusOf } from './refusals.js';
import { form, type PanelRequest, type PanelResponse, page } from './request-response.js';
import { frameOf, type SignedIn } from './session.js';
import { MAX_EMAIL_LENGTH } from './sign-in.js';
import { accountPage, listPage, type Notice } from './views.js';

/**
 * The panel's pages of users: the lists of administrators and vendor administrators, and an account's General and
 * API access tabs with the changes made there (API key on, off or regenerated; a customer's storefront password).
 */

const PAGE_SIZE = 50;

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

export async function list(request: PanelRequest, who: SignedIn, type: 'A' | 'V'): Promise<PanelResponse> {
  requireViewUsers(who);
  const requested = Number(request.query.page ?? '1');
  const pageNumber = Number.isInteger(requested) && requested >= 1 && requested <= 100_000 ? requested : 1;
  const email = request.query.email?.trim().slice(0, MAX_EMAIL_LENGTH) || undefined;
  const { users, total } = await listUsers(
    {
      user_type: type,
      email,
      page: pageNumber,
      itemsPerPage: PAGE_SIZE,
      sortBy: 'id',
      descending: false,
    },
    panelTable,
  );
  const apiEnabled = await apiStates(users);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return page(200, listPage(frameOf(request, who), { type, users, apiEnabled, page: pageNumber, pages, total, email }));
}

// ---------------------------------------------------------------------------------------------------------------
// An account: General and API access tabs

async function loadAccount(who: SignedIn, userId: number): Promise<{ user: UserRecord; apiEnabled: boolean }> {
  if (userId !== who.caller.userId) requireViewUsers(who);
  const user = await getUser(userId, panelTable);
  if (!user) throw new NotFoundError('There is no such account.');
  const login = await getLogin(user.email_lc, panelTable);
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

export async function account(
  request: PanelRequest,
  who: SignedIn,
  userId: number,
  tab: 'general' | 'api',
): Promise<PanelResponse> {
  return accountResponse(request, who, 200, await loadAccount(who, userId), tab);
}

/** POST /users/:id/api: Save (the checkbox decides on or off), Regenerate key, or a customer's storefront password. */
export async function changeAccess(request: PanelRequest, who: SignedIn, userId: number): Promise<PanelResponse> {
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
    const result = await changeApiAccess(who.caller, userId, wanted, panelTable);
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
