/**
 * How an API Gateway HTTP API picks the route of a request (AWS's "Routing API requests" for HTTP APIs): a route
 * of the request's own method before `ANY`; among the routes whose path matches, one without path variables
 * first, then one whose variables are each one segment, then a greedy `{proxy+}` one (the longest first);
 * `$default` when none matches. Used by the deploy tests to prove that every operation of an `http` stage
 * reaches a function that may run it, and by the emulator harness's router (scripts/lib/moto-server.py does
 * the same in Python) — one rule, written down once here.
 */

export interface HttpRoute {
  /** `ANY /api/users/{proxy+}`, `GET /api/docs`, or `$default`. */
  key: string;
}

interface Parsed {
  method: string;
  segments: string[];
  greedy: boolean;
  variables: number;
}

function parse(key: string): Parsed | undefined {
  if (key === '$default') return undefined;
  const [method = '', path = ''] = key.split(' ');
  const segments = path.split('/').filter((s) => s.length > 0);
  const greedy = segments.length > 0 && /^\{[^}]+\+\}$/.test(segments[segments.length - 1]!);
  const variables = segments.filter((s) => /^\{[^}]+\}$/.test(s)).length;
  return { method, segments, greedy, variables };
}

function matches(route: Parsed, path: string[]): boolean {
  const fixed = route.greedy ? route.segments.slice(0, -1) : route.segments;
  if (route.greedy ? path.length <= fixed.length : path.length !== fixed.length) return false;
  return fixed.every((segment, i) => /^\{[^}]+\}$/.test(segment) || segment === path[i]);
}

/** The route key an HTTP API would pick for `method path` among `keys` (paths are case-sensitive, as on AWS). */
export function pickRoute(keys: readonly string[], method: string, path: string): string | undefined {
  const segments = path.split('/').filter((s) => s.length > 0);
  const candidates = keys
    .map((key) => ({ key, parsed: parse(key) }))
    .filter((c): c is { key: string; parsed: Parsed } => c.parsed !== undefined)
    .filter(
      (c) => (c.parsed.method === method.toUpperCase() || c.parsed.method === 'ANY') && matches(c.parsed, segments),
    );
  const rank = (p: Parsed) => [
    p.greedy ? 2 : p.variables > 0 ? 1 : 0,
    -p.segments.length,
    p.variables,
    p.method === 'ANY' ? 1 : 0,
  ];
  candidates.sort((a, b) => {
    const [x, y] = [rank(a.parsed), rank(b.parsed)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  });
  return candidates[0]?.key ?? (keys.includes('$default') ? '$default' : undefined);
}
