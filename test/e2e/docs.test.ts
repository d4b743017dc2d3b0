/**
 * The self-description served by the deployment: the OpenAPI document without credentials under both
 * versions, and the rendered reference page with its bundled assets (nothing from a CDN).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { api } from '../support/http.js';

describe('GET /api/openapi.json', () => {
  it.each(['/api/openapi.json', '/api/2.0/openapi.json'])('%s: 200 without credentials, a valid OpenAPI 3.1 document of this API', async (path) => {
    const response = await api('GET', path, { auth: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const validator = new Validator();
    const result = await validator.validate(response.json);
    expect(result.errors ?? []).toEqual([]);
    expect(response.json.openapi).toBe('3.1.0');
    expect(Object.keys(response.json.paths)).toEqual(expect.arrayContaining(['/api/products', '/api/2.0/orders/{id}', '/api/users/{id}/usergroups/{nestedId}']));
    // Relative to the document, so it works behind any stage prefix.
    expect(response.json.servers).toEqual([{ url: path.includes('2.0') ? '../..' : '..' }]);
  });

  it('other methods → 405 in the API error format', async () => {
    const response = await api('POST', '/api/openapi.json', { auth: null, body: {} });
    expect(response.status).toBe(405);
    expect(response.json).toEqual({ message: 'Method Not Allowed', status: 405 });
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and every asset it loads, from the deployment itself', async () => {
    const page = await api('GET', '/api/docs', { auth: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(['docs/swagger-ui.css', 'docs/swagger-ui-bundle.js', 'docs/init.js']);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^https?:/);
      const response = await api('GET', `/api/${asset}`, { auth: null });
      expect(response.status, asset).toBe(200);
      expect(response.body.length).toBeGreaterThan(10);
    }
    expect((await api('GET', '/api/docs/init.js', { auth: null })).body).toContain("url: 'openapi.json'");
    expect((await api('GET', '/api/docs/nothing.js', { auth: null })).status).toBe(404);
  });
});
