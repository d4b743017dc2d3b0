import type { Html } from './html.js';

/**
 * What the panel's handlers take and give: the request as lib/panel/lambda.ts decodes it, the response, and the
 * helpers every handler answers with (an HTML page, a redirect) or reads a POST's form with.
 */

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

export function page(status: number, body: Html, headers: Record<string, string> = {}): PanelResponse {
  return { status, headers: { ...HTML_HEADERS, ...headers }, body: body.text };
}

export function redirect(location: string, headers: Record<string, string> = {}): PanelResponse {
  return { status: 303, headers: { Location: location, ...HTML_HEADERS, ...headers }, body: '' };
}

export function form(request: PanelRequest): URLSearchParams {
  return new URLSearchParams(request.body);
}
