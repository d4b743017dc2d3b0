/**
 * `Allow` = the served OpenAPI document, over real HTTP (issue 18 item 6): for every path the document lists,
 * a method the path does not take is a 405 whose `Allow` names exactly the document's methods for it
 * (always-403 operations included), never an empty header.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../support/fixtures.js';
import { api } from '../support/http.js';

async function servedPaths(): Promise<Record<string, Record<string, unknown>>> {
  const response = await api('GET', '/api/2.0/openapi.json', { auth: null });
  expect(response.status).toBe(200);
  return response.json.paths;
}

/** A request path for a documented path (relative to the version root), under version 2.0. */
const concrete = (template: string) => `/api/2.0${template.replace('{id}', '1').replace('{nestedId}', '2')}`;
const sorted = (header: string | null) => (header ?? '').split(', ').sort();

describe('the Allow header names what the OpenAPI document lists', () => {
  it("PATCH on every documented path → 405 with Allow = the document's methods for that path", async () => {
    const paths = await servedPaths();
    const problems: string[] = [];
    for (const [template, methods] of Object.entries(paths)) {
      const listed = Object.keys(methods).map((method) => method.toUpperCase());
      // The batch path of an entity whose ids are names is also the path of the object named `batch` (a langvar).
      const objectPath = template.endsWith('/batch') ? paths[template.replace(/\/batch$/, '/{id}')] : undefined;
      if (objectPath && JSON.stringify(objectPath).includes('A name of lower-case letters'))
        listed.push(...Object.keys(objectPath).map((method) => method.toUpperCase()));
      listed.sort();
      const response = await api('PATCH', concrete(template));
      if (response.status !== 405 || JSON.stringify(sorted(response.headers.get('allow'))) !== JSON.stringify(listed)) {
        problems.push(
          `PATCH ${concrete(template)} → ${response.status} Allow "${response.headers.get('allow')}", the document lists ${listed.join(', ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(paths).length).toBeGreaterThan(50);
  });

  it('PUT /api/2.0/auth → 405 with Allow "GET, POST"; POST /api/auth/1 → 405 with Allow "GET, PUT, DELETE", as the document lists', async () => {
    const paths = await servedPaths();
    const put = await api('PUT', '/api/2.0/auth', { body: { x: 1 } });
    expectError(put, 405, 'Method Not Allowed: Object ID undefined');
    expect(sorted(put.headers.get('allow'))).toEqual(
      Object.keys(paths['/auth']!)
        .map((m) => m.toUpperCase())
        .sort(),
    );
    expect(put.headers.get('allow')).toBe('GET, POST');
    const post = await api('POST', '/api/auth/1', { body: { email: 'x@example.com' } });
    expectError(post, 405, 'Method Not Allowed: ID must not be defined');
    expect(post.headers.get('allow')).toBe('GET, PUT, DELETE');
    expect(sorted(post.headers.get('allow'))).toEqual(
      Object.keys(paths['/auth/{id}']!)
        .map((m) => m.toUpperCase())
        .sort(),
    );
  });
});
