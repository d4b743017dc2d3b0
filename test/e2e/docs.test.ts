/**
 * The self-description served by the deployment: the OpenAPI document without credentials under both
 * versions, and the rendered reference page with its bundled assets (nothing from a CDN).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.js';
import { testStore } from '../support/store.js';

describe('GET /api/openapi.json', () => {
  it.each(['/api/openapi.json', '/api/2.0/openapi.json'])(
    '%s: 200 without credentials, a valid OpenAPI 3.1 document of this API',
    async (path) => {
      const response = await api('GET', path, { auth: null });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const validator = new Validator();
      const result = await validator.validate(response.json);
      expect(result.errors ?? []).toEqual([]);
      expect(response.json.openapi).toBe('3.1.0');
      // Each operation once, relative to the version root; the versions are the servers.
      expect(Object.keys(response.json.paths)).toEqual(
        expect.arrayContaining(['/products', '/orders/{id}', '/users/{id}/usergroups/{nestedId}']),
      );
      expect(Object.keys(response.json.paths).filter((where) => where.startsWith('/api'))).toEqual([]);
      // This deployment's own URL as the client addressed it (behind API Gateway: with the stage prefix).
      expect(response.json.servers).toEqual([
        { url: `${testStore().baseUrl}/api`, description: 'Version 1.0' },
        { url: `${testStore().baseUrl}/api/2.0`, description: 'Version 2.0 (the same operations)' },
      ]);
      // Every operation has a one-line summary for the page's list.
      for (const [where, methods] of Object.entries(
        response.json.paths as Record<string, Record<string, { summary?: string }>>,
      )) {
        for (const [method, operation] of Object.entries(methods)) {
          expect(operation.summary, `${method} ${where}`).toMatch(/^[A-Z][^\n]{2,79}$/);
        }
      }
      expect(response.json.paths['/products/{id}'].get.summary).toBe('Get product');
      expect(response.json.paths['/users/{id}/usergroups'].get.summary).toBe('List usergroups of user');
    },
  );

  it('other methods → 405 in the API error format', async () => {
    const response = await api('POST', '/api/openapi.json', { auth: null, body: {} });
    expect(response.status).toBe(405);
    expect(response.json).toEqual({ message: 'Method Not Allowed', status: 405 });
  });
});

describe('GET /api/docs', () => {
  it.each(['/api/docs', '/api/docs/'])(
    '%s: the reference page, and every asset it references answers 200 without credentials',
    async (path) => {
      const page = await api('GET', path, { auth: null });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
      expect(assets).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
      const pageUrl = `${testStore().baseUrl}${path}`;
      for (const asset of assets) {
        // Resolved as the browser resolves it, against the page's own URL (with or without its slash).
        const url = new URL(asset, pageUrl);
        const response = await fetch(url);
        const body = await response.text();
        expect(response.status, url.href).toBe(200);
        expect(response.headers.get('www-authenticate'), url.href).toBeNull();
        expect(body.length).toBeGreaterThan(10);
      }
      expect((await api('GET', '/api/docs/nothing.js', { auth: null })).status).toBe(404);
    },
  );

  it("init.js finds the document from its own URL, not the page's", async () => {
    const init = await api('GET', '/api/docs/init.js', { auth: null });
    expect(init.body).toContain("new URL('../openapi.json', document.currentScript.src)");
    const document = await fetch(new URL('../openapi.json', `${testStore().baseUrl}/api/docs/init.js`));
    expect(document.status).toBe(200);
  });
});
