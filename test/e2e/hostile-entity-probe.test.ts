/**
 * The hostile-input probe over every entity (issue 18 item 7), kept as a test so its findings stay fixed:
 *
 * - a path id that decodes to `%` or to invalid percent-encoding (`%25zz`, `%25`, …) is an unknown id: 404 on
 *   every entity and nested resource, in all three path forms — or the status the route itself gives first
 *   (405 where the method has no operation, 403 where it is routed but forbidden to all). It answered 500 on
 *   product_variations_groups, which decoded the already-decoded segment a second time;
 * - a JSON body that is valid JSON but not an object (`null`, `false`, `0`, `""`, `[]`, …) on every POST and
 *   PUT is SPEC §2's `400 Bad Request: Syntax error, malformed JSON` — never "Missing parameters".
 *
 * Every request is checked against the contract answer too (the fuzz's oracle: JSON error body, no 5xx). The
 * random fuzz (hostile-fuzz.test.ts) draws these values as well.
 *
 * Both are the functions' behaviour, probed here in-process on the event API Gateway sends (1,400 requests:
 * test/support/in-process-gateway.ts). The local server's own part of the second finding — it dropped falsy JSON
 * bodies before the function saw them — is held over real HTTP in hostile-local-server.test.ts.
 */

import { describe, expect, it } from 'vitest';
import { ENTITIES, findEntity } from '../../lib/entities/registry.js';
import type { ResourceDefinition } from '../../lib/entities/types.js';
import { ForbiddenError } from '../../lib/errors.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { resolveRoute } from '../../lib/http/route.js';
import { type ApiResponse, api, PATH_FORMS } from '../support/http.js';

/** Path ids that decode (once) to `%` or to text that is not valid percent-encoding. */
const HOSTILE_IDS = ['%25zz', '%25', '%2525', '%25%25', '%25E2%2582', '1%25'];
const NON_OBJECT_JSON = ['null', 'false', 'true', '0', '123', '-1.5', '""', '"text"', '[]', '[{"a":1}]'];
const MALFORMED = 'Bad Request: Syntax error, malformed JSON';

/** Every collection path: each entity and each nested resource under a parent id. */
function collections(): Array<{ path: string; resource: ResourceDefinition }> {
  const out: Array<{ path: string; resource: ResourceDefinition }> = [];
  for (const entity of Object.values(ENTITIES)) {
    out.push({ path: entity.name, resource: entity });
    for (const [name, nested] of Object.entries(entity.nested ?? {}))
      out.push({ path: `${entity.name}/1/${name}`, resource: nested });
  }
  return out;
}

/**
 * The status the route step gives a request (what our own router says), or what an unknown object is past
 * it: 404, except a membership's PUT and DELETE, where an unknown group is the seed's 400 (SPEC §7).
 */
function expectedForUnknownObject(method: string, rest: string): number {
  try {
    const route = resolveRoute(method, parseApiPath(`/api/${rest}`, {}), findEntity);
    return route.key === 'users.usergroups.update' || route.key === 'users.usergroups.delete' ? 400 : 404;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    if (error instanceof ForbiddenError) return 403;
    return 404;
  }
}

function expectContractError(response: ApiResponse, status: number, what: string): void {
  expect(response.status, `${what}: ${response.body.slice(0, 200)}`).toBe(status);
  expect(response.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(response.json, what).toMatchObject({ status });
  expect(typeof response.json.message, what).toBe('string');
}

describe('the hostile-input probe over every entity', () => {
  it("a path id that decodes to % or to invalid percent-encoding is an unknown id (404; or the route's own 405/403) on every entity and form, never a 500", async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const { path } of collections()) {
      for (const [i, id] of HOSTILE_IDS.entries()) {
        for (const method of ['GET', 'PUT', 'DELETE']) {
          const rest = `${path}/${id}`;
          // One form per id in turn (all three over the ids), so the probe stays a few hundred requests.
          const target = PATH_FORMS[(i + sent) % PATH_FORMS.length]!(rest);
          const response = await api(method, target, method === 'PUT' ? { body: { status: 'A' } } : {});
          sent += 1;
          const expected = expectedForUnknownObject(method, rest);
          if (response.status !== expected || !/^application\/json/.test(response.headers.get('content-type') ?? '')) {
            problems.push(
              `${method} ${target} → ${response.status} (expected ${expected}) ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  }, 600_000);

  it('the example requests of the issue: %25zz and %25 on product_variations_groups → 404', async () => {
    for (const [method, target] of [
      ['GET', '/api/2.0/product_variations_groups/%25zz'],
      ['DELETE', '/api/product_variations_groups/%25'],
      ['PUT', '/api/product_variations_groups/%25'],
      ['PUT', '/api/product_variations_groups/%25zz'],
    ] as const) {
      const response = await api(method, target, {
        body: method === 'PUT' ? { code: 'x' } : undefined,
        contentType: 'application/json',
      });
      expectContractError(response, 404, `${method} ${target}`);
      expect(response.json.message).toBe('Not Found');
    }
  });

  it('a JSON body that is not an object → 400 "Syntax error, malformed JSON" on every POST and PUT', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const { path, resource } of collections()) {
      const writes: Array<[string, string]> = [];
      if (resource.http.operations.includes('create')) writes.push(['POST', path]);
      // The body is judged before the object named in the path (SPEC §1), so any id will do.
      if (resource.http.operations.includes('update')) writes.push(['PUT', `${path}/1`]);
      for (const [method, rest] of writes) {
        for (const [i, body] of NON_OBJECT_JSON.entries()) {
          const target = PATH_FORMS[(i + sent) % PATH_FORMS.length]!(rest);
          const response = await api(method, target, { body, contentType: 'application/json' });
          sent += 1;
          if (response.status !== 400 || response.json?.message !== MALFORMED) {
            problems.push(`${method} ${target} body ${body} → ${response.status} ${response.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 600_000);
});
