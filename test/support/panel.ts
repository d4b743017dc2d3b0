/**
 * The administration panel over HTTP, as a browser without JavaScript uses it: a cookie jar, GET pages,
 * POST forms with the tokens the pages carry. The e2e panel suite uses it; the browser suite uses the
 * account helpers.
 */

import { setCheapPassword } from './cheap-password.js';
import { storeFixtureUser, uniqueEmail } from './fixtures.js';
import { storeFetch, storeUrl } from './store-fetch.js';

export interface PanelPage {
  status: number;
  headers: Headers;
  /** Every Set-Cookie of the answer. */
  setCookies: string[];
  body: string;
  location: string | null;
}

export class PanelClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly headers: Record<string, string> = {}) {}

  private async send(
    method: string,
    path: string,
    body?: URLSearchParams,
    extra: Record<string, string> = {},
  ): Promise<PanelPage> {
    const baseUrl = storeUrl();
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await storeFetch(`${baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl } : {}),
        ...this.headers,
        ...extra,
      },
      body: body?.toString(),
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      headers: response.headers,
      setCookies,
      body: await response.text(),
      location: response.headers.get('location'),
    };
  }

  get(path: string): Promise<PanelPage> {
    return this.send('GET', path);
  }

  post(path: string, fields: Record<string, string>, extra: Record<string, string> = {}): Promise<PanelPage> {
    return this.send('POST', path, new URLSearchParams(fields), extra);
  }

  /** Opens the sign-in form and submits it; returns the answer to the POST. */
  async signIn(email: string, password: string): Promise<PanelPage> {
    const form = await this.get('/admin/login');
    return this.post('/admin/login', { login_token: hiddenField(form.body, 'login_token'), email, password });
  }

  /** The CSRF token of the session, from the forms of the page the panel opens on. */
  async csrfToken(): Promise<string> {
    let page = await this.get('/admin/');
    if (page.status === 303 && page.location && !page.location.endsWith('/login')) page = await this.get(page.location);
    return hiddenField(page.body, 'csrf_token');
  }
}

export function hiddenField(body: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(body);
  if (!match) throw new Error(`no ${name} field in: ${body.slice(0, 500)}`);
  return match[1]!;
}

/** The key a page shows once after switching API access on. */
export function shownKey(body: string): string | undefined {
  return /<code class="key" id="api-key">([A-Za-z0-9]{32})<\/code>/.exec(body)?.[1];
}

/** The text of the page's notices (alerts and statuses), tags stripped. */
export function notices(body: string): string[] {
  return [...body.matchAll(/<div class="notice [a-z]+" role="(?:alert|status)"[^>]*>([\s\S]*?)<\/div>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

export interface PanelAdmin {
  userId: number;
  email: string;
  password: string;
}

/**
 * An administrator who can sign in to the panel: stored as `admin create-user` stores one, password set
 * directly through lib/ (the command line's own paths are tested in the panel suite), at a low scrypt cost
 * (cheap-password.ts): every sign-in verifies at the stored cost, and the panel suites sign in dozens of times.
 */
export async function createPanelAdmin(extra: string[] = [], email = uniqueEmail('panel')): Promise<PanelAdmin> {
  const userId = await storeFixtureUser(email, 'A', extra);
  const password = `pw-${email}`;
  await setCheapPassword(userId, password);
  return { userId, email, password };
}
