import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { HANDLERS } from '../../functions/handler-table.generated.js';
import { ENTITIES, findEntity } from '../../lib/entities/registry.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';

const document = buildOpenApiDocument() as Record<string, any>;

/** `users.usergroups.update` → the method and path template the document should list it under. */
function expectedOperation(routeKey: string): { method: string; path: string } {
  const [entity, ...rest] = routeKey.split('.');
  const operation = rest.pop()!;
  const method = { list: 'get', get: 'get', create: 'post', update: 'put', delete: 'delete' }[operation]!;
  const onObject = operation === 'get' || operation === 'update' || operation === 'delete';
  if (rest.length === 0) return { method, path: `/api/${entity}${onObject ? '/{id}' : ''}` };
  return { method, path: `/api/${entity}/{id}/${rest[0]}${onObject ? '/{nestedId}' : ''}` };
}

describe('the OpenAPI document, generated from the entity definitions', () => {
  it('is a valid OpenAPI 3.1 document (strict validator of the official schema)', async () => {
    // Prepare
    const validator = new Validator();
    // Act
    const result = await validator.validate(structuredClone(document));
    // Assess
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it.each(Object.keys(HANDLERS))('documents %s under /api and /api/2.0', (routeKey) => {
    const { method, path } = expectedOperation(routeKey);
    for (const prefixed of [path, path.replace('/api/', '/api/2.0/')]) {
      expect(document.paths[prefixed]?.[method], `${method} ${prefixed}`).toBeDefined();
    }
  });

  it('lists nothing the API does not serve', () => {
    const served = new Set(Object.keys(HANDLERS).map((key) => { const o = expectedOperation(key); return `${o.method} ${o.path}`; }));
    // Operations routed with the privilege `false` (GET /auth) are answered 403 by the catch-all, and documented so.
    for (const entity of Object.values(ENTITIES)) {
      for (const operation of entity.deniedOperations ?? []) {
        const o = expectedOperation(`${entity.name}.${operation}`);
        served.add(`${o.method} ${o.path}`);
        expect(Object.keys(document.paths[o.path][o.method].responses)).not.toContain('200');
      }
    }
    // PUT and DELETE a resource also serves on its collection path (the storefront cart), by the same function.
    for (const entity of Object.values(ENTITIES)) {
      for (const operation of entity.collectionWrites ?? []) {
        const o = expectedOperation(`${entity.name}.${operation}`);
        served.add(`${o.method} ${o.path.replace(/\/\{[^}]+\}$/, '')}`);
      }
    }
    for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
      if (path.startsWith('/api/2.0/')) continue;
      for (const method of Object.keys(methods)) expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
    }
  });

  it('a POST body lists the required fields of the definition, in its order', () => {
    const body = document.paths['/api/products'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['price']);
    const categories = document.paths['/api/categories'].post.requestBody.content['application/json'].schema;
    expect(categories.required).toEqual(['category', 'company_id']);
    expect(findEntity('categories')).toBeDefined();
  });

  it('a product answers product_id as a string in lists and a number alone (the recording)', () => {
    const list = document.paths['/api/products'].get.responses['200'].content['application/json'].schema;
    const single = document.paths['/api/products/{id}'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.products.items.properties.product_id.type).toBe('string');
    expect(single.properties.product_id.type).toBe('integer');
    expect(single.required).toContain('company_name');
  });

  it.each(['combinations', 'exceptions'])('GET /%s marks product_id required (the API answers 400 without it) and answers a JSON list', (name) => {
    for (const path of [`/api/${name}`, `/api/2.0/${name}`]) {
      const list = document.paths[path].get;
      const productId = list.parameters.find((parameter: { name: string }) => parameter.name === 'product_id');
      expect(productId).toMatchObject({ in: 'query', required: true });
      expect(list.responses['200'].content['application/json'].schema.type).toBe('array');
    }
    const others = document.paths['/api/products'].get.parameters.filter((parameter: { required?: boolean }) => parameter.required);
    expect(others).toEqual([]);
  });

  it('every operation names Basic security and the vendor rule in its description', () => {
    expect(document.components.securitySchemes.basicAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'basic' }));
    expect(document.paths['/api/orders/{id}'].get.description).toMatch(/Vendors: their own company/);
    expect(document.paths['/api/stores'].get.description).toMatch(/Vendors: 403/);
  });
});
