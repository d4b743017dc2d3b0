import { notFound } from './http-errors.js';

export type ApiVersion = '1.0' | '2.0' | '4.0';

export interface ApiPath {
  version: ApiVersion;
  /** The path segments after the version: entity[, id[, nested[, nestedId]]], percent-decoded once. */
  segments: string[];
}

/** 4.0 is the version of CS-Cart's storefront API paths (`/api/4.0/sra_cart_content`); every entity answers there as under 2.0. */
const VERSIONS: readonly string[] = ['1.0', '2.0', '4.0'];

/**
 * Reads the three path forms of SPEC §1 — `/api/...`, `/api/2.0/...` and
 * `/api.php?_d=...&ajax_custom=1` — into a version and the object segments.
 * Anything that cannot be an API path is a 404.
 */
export function parseApiPath(path: string, query: Record<string, string>): ApiPath {
  const { rest, encoded } = apiRelativePath(path, query);
  const segments = rest.split('/');
  // A trailing slash is ignored; any other empty segment ('//') names nothing.
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop();
  if (segments.some((segment) => segment === '')) throw notFound();
  // Decoded exactly once: a second decoding read `%25zz` (→ `%zz`) as an escape and failed, so a path id
  // that decodes to `%` answered differently (or, where an operation decoded again, 500) from any unknown id.
  const decoded = encoded ? segments.map(decodeSegment) : segments;
  const first = decoded[0];
  if (first !== undefined && VERSIONS.includes(first)) {
    return { version: first as ApiVersion, segments: decoded.slice(1) };
  }
  return { version: '1.0', segments: decoded };
}

/**
 * The part of the path after `/api/` (still percent-encoded), or the `_d` parameter of the api.php form
 * (a query value: the query string's own decoding has decoded it already).
 */
function apiRelativePath(path: string, query: Record<string, string>): { rest: string; encoded: boolean } {
  const segments = path.split('/');
  const phpIndex = segments.indexOf('api.php');
  const apiIndex = segments.indexOf('api');
  if (phpIndex !== -1 && (apiIndex === -1 || phpIndex < apiIndex)) {
    const dispatch = query._d;
    if (!dispatch) throw notFound();
    return { rest: dispatch.replace(/^\/+/, '').replace(/^api\//, ''), encoded: false };
  }
  if (apiIndex === -1) throw notFound();
  return { rest: segments.slice(apiIndex + 1).join('/'), encoded: true };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw notFound();
  }
}
