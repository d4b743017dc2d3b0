import { inject } from 'vitest';
import { contractViolation } from './contract.js';
import { basicAuthorization } from './lambda-event.js';
import { storeFetch, storeUrl } from './store-fetch.js';

const basicAuth = basicAuthorization;

/** [email, API key]; 'admin' for the bootstrap administrator; null for no Authorization header at all. */
export type Auth = readonly [email: string, key: string] | 'admin' | null;

export interface RequestOptions {
  /** Default 'admin'. */
  auth?: Auth;
  /** An object is sent as JSON; a string is sent exactly as given. */
  body?: string | object;
  /**
   * Default: application/json for an object body, none for a string body or no body. null sends no
   * Content-Type even with an object body.
   */
  contentType?: string | null;
  /** Sent last, so they can override Authorization or Content-Type with something malformed. */
  headers?: Record<string, string>;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  /** The raw body text. */
  body: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: T | undefined;
}

export { basicAuthorization as basicAuth };

/** One request against the test file's store (offline or in-process: store-fetch.ts), e.g. `api('GET', '/api/usergroups')`. */
export async function api<T = any>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const { auth = 'admin', body, headers = {} } = options;
  const requestHeaders: Record<string, string> = {};
  const credentials = auth === 'admin' ? ([inject('adminEmail'), inject('adminKey')] as const) : auth;
  if (credentials) requestHeaders.authorization = basicAuth(credentials[0], credentials[1]);

  const isObject = body !== undefined && typeof body !== 'string';
  const contentType =
    options.contentType === undefined ? (isObject ? 'application/json' : undefined) : options.contentType;
  if (contentType !== undefined && contentType !== null) requestHeaders['content-type'] = contentType;
  for (const [name, value] of Object.entries(headers)) requestHeaders[name.toLowerCase()] = value;

  const response = await storeFetch(`${storeUrl()}${path}`, {
    method,
    headers: requestHeaders,
    // Bytes, not a string: for a string body fetch would add "Content-Type: text/plain" on its own.
    body: body === undefined ? undefined : Buffer.from(isObject ? JSON.stringify(body) : (body as string), 'utf8'),
    redirect: 'manual',
  });
  const text = await response.text();
  // Every answer to a documented operation is also a check of the OpenAPI document (test/support/contract.ts).
  const violation = contractViolation(method, path, response.status, response.headers.get('content-type'), text);
  if (violation) throw new Error(`OpenAPI contract: ${violation}`);
  return { status: response.status, headers: response.headers, body: text, json: parseJson<T>(text) };
}

function parseJson<T>(text: string): T | undefined {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The three forms of one API path (SPEC §1): `/api/…`, `/api/2.0/…` and the legacy `/api.php?_d=…&ajax_custom=1`. */
export const PATH_FORMS: ReadonlyArray<(rest: string) => string> = [
  (rest) => `/api/${rest}`,
  (rest) => `/api/2.0/${rest}`,
  (rest) => {
    const [path, query] = rest.split('?');
    return `/api.php?_d=${path}&ajax_custom=1${query ? `&${query}` : ''}`;
  },
];
