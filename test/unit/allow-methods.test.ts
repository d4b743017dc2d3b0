/**
 * `Allow` = the OpenAPI document (issue 18 item 6): for every path the API routes, a 405's `Allow` names
 * exactly the methods the document lists under that path — always-403 operations (GET /auth) included — and
 * is never empty.
 */

import { describe, expect, it } from 'vitest';
import { ENTITIES, findEntity } from '../../lib/entities/registry.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { resolveRoute } from '../../lib/http/route.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';
import { thrownBy } from '../support/thrown.js';

const document = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };

/** Every documented path (relative to a version root) with a concrete request path for it (ids filled in). */
const documented = Object.keys(document.paths).map(
  (template) => [template, `/api${template.replace('{id}', '1').replace('{nestedId}', '2')}`] as const,
);

const allowOf = (method: string, path: string) =>
  thrownBy(HttpError, () => resolveRoute(method, parseApiPath(path, {}), findEntity));

describe('Allow lists what the OpenAPI document lists for the path', () => {
  it.each(documented)('%s', (template, path) => {
    const listed = Object.keys(document.paths[template]!).map((method) => method.toUpperCase());
    // A batch path of an entity with name ids is also the object path of the object named `batch` (a langvar).
    const entity = ENTITIES[template.split('/')[1]!];
    if (template.endsWith('/batch') && entity?.http.idKind === 'name')
      listed.push(...Object.keys(document.paths[`/${entity.name}/{id}`]!).map((method) => method.toUpperCase()));
    const error = allowOf('PATCH', path);
    expect(error.status).toBe(405);
    expect(error.headers.Allow!.split(', ').sort()).toEqual([...listed].sort());
    expect(error.headers.Allow).not.toBe('');
  });

  it('every routed entity path is documented (so the comparison above covers all of them)', () => {
    for (const entity of Object.values(ENTITIES)) {
      expect(document.paths[`/${entity.name}`] ?? document.paths[`/${entity.name}/{id}`], entity.name).toBeDefined();
    }
  });

  it('auth: PUT /auth → 405 "Object ID undefined" with Allow GET, POST; POST /auth/1 → 405 with Allow GET, PUT, DELETE (not empty)', () => {
    const put = allowOf('PUT', '/api/2.0/auth');
    expect(put.status).toBe(405);
    expect(put.message).toBe('Method Not Allowed: Object ID undefined');
    expect(put.headers.Allow).toBe('GET, POST');
    const post = allowOf('POST', '/api/auth/1');
    expect(post.status).toBe(405);
    expect(post.message).toBe('Method Not Allowed: ID must not be defined');
    expect(post.headers.Allow).toBe('GET, PUT, DELETE');
    expect(Object.keys(document.paths['/auth']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/auth/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
  });
});
