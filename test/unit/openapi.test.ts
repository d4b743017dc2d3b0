import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { HANDLERS } from '../../functions/handler-table.generated.js';
import { ENTITIES, findEntity } from '../../lib/entities/registry.js';
import { buildOpenApiDocument } from '../../lib/openapi/document.js';
import { inTagOrder } from '../../lib/openapi/tag-order.js';

const document = buildOpenApiDocument() as Record<string, any>;

/** `users.usergroups.update` → the method and path template the document should list it under. */
function expectedOperation(routeKey: string): { method: string; path: string } {
  const [entity, ...rest] = routeKey.split('.');
  const operation = rest.pop()!;
  if (operation === 'batch') return { method: 'post', path: `/${entity}/batch` };
  const method = { list: 'get', get: 'get', create: 'post', update: 'put', delete: 'delete' }[operation]!;
  const onObject = operation === 'get' || operation === 'update' || operation === 'delete';
  if (rest.length === 0) return { method, path: `/${entity}${onObject ? '/{id}' : ''}` };
  return { method, path: `/${entity}/{id}/${rest[0]}${onObject ? '/{nestedId}' : ''}` };
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

  it.each(Object.keys(HANDLERS))('documents %s once, relative to the version root', (routeKey) => {
    const { method, path } = expectedOperation(routeKey);
    expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('lists each operation once: the versions are the servers, /api and /api/2.0, not a second copy of every path', () => {
    expect(document.servers).toEqual([
      { url: '/api', description: 'Version 1.0' },
      { url: '/api/2.0', description: 'Version 2.0 (the same operations)' },
    ]);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api'))).toEqual([]);
    const operationIds = Object.values(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap((methods) => Object.values(methods).map(({ operationId }) => operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('orders the tags as an integrator needs them: products, categories, orders, users first, auth last; each entity once', () => {
    const tags = (document.tags as Array<{ name: string }>).map(({ name }) => name);
    expect(tags.slice(0, 4)).toEqual(['products', 'categories', 'orders', 'users']);
    expect(tags.at(-1)).toBe('auth');
    expect([...tags].sort()).toEqual(
      Object.values(ENTITIES)
        .map(({ name }) => name)
        .sort(),
    );
    // The operations come in the same order (Swagger UI groups them by tag, in the order of the paths).
    const firstTags = Object.values(document.paths as Record<string, Record<string, { tags: string[] }>>).map(
      (methods) => Object.values(methods)[0]!.tags[0]!,
    );
    expect([...new Set(firstTags)]).toEqual(tags);
  });

  it('a new entity goes after the named ones and before auth', () => {
    expect(inTagOrder(['auth', 'zebras', 'aardvarks', 'users', 'products'])).toEqual([
      'products',
      'users',
      'aardvarks',
      'zebras',
      'auth',
    ]);
  });

  it('lists nothing the API does not serve', () => {
    const served = new Set(
      Object.keys(HANDLERS).map((key) => {
        const o = expectedOperation(key);
        return `${o.method} ${o.path}`;
      }),
    );
    // Operations routed with the privilege `false` (GET /auth) are answered 403 by the catch-all, and documented so.
    for (const entity of Object.values(ENTITIES)) {
      for (const operation of entity.http.deniedOperations ?? []) {
        const o = expectedOperation(`${entity.name}.${operation}`);
        served.add(`${o.method} ${o.path}`);
        expect(Object.keys(document.paths[o.path][o.method].responses)).not.toContain('200');
      }
    }
    // PUT and DELETE a resource also serves on its collection path (the storefront cart), by the same function.
    for (const entity of Object.values(ENTITIES)) {
      for (const operation of entity.http.collectionWrites ?? []) {
        const o = expectedOperation(`${entity.name}.${operation}`);
        served.add(`${o.method} ${o.path.replace(/\/\{[^}]+\}$/, '')}`);
      }
    }
    for (const [path, methods] of Object.entries(document.paths as Record<string, object>)) {
      for (const method of Object.keys(methods))
        expect(served.has(`${method} ${path}`), `${method} ${path}`).toBe(true);
    }
  });

  it('a POST body lists the required fields of the definition, in its order', () => {
    const body = document.paths['/products'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['price']);
    const categories = document.paths['/categories'].post.requestBody.content['application/json'].schema;
    expect(categories.required).toEqual(['category', 'company_id']);
    expect(findEntity('categories')).toBeDefined();
  });

  it('a product answers product_id as a string in lists and a number alone (the recording)', () => {
    const list = document.paths['/products'].get.responses['200'].content['application/json'].schema;
    const single = document.paths['/products/{id}'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.products.items.properties.product_id.type).toBe('string');
    expect(single.properties.product_id.type).toBe('integer');
    expect(single.required).toContain('company_name');
  });

  it.each(['combinations', 'exceptions'])(
    'GET /%s marks product_id required (the API answers 400 without it) and answers a JSON list',
    (name) => {
      const list = document.paths[`/${name}`].get;
      const productId = list.parameters.find((parameter: { name: string }) => parameter.name === 'product_id');
      expect(productId).toMatchObject({ in: 'query', required: true });
      expect(list.responses['200'].content['application/json'].schema.type).toBe('array');
      const others = document.paths['/products'].get.parameters.filter(
        (parameter: { required?: boolean }) => parameter.required,
      );
      expect(others).toEqual([]);
    },
  );

  it('every operation names Basic security and the vendor rule in its description', () => {
    expect(document.components.securitySchemes.basicAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'basic' }),
    );
    expect(document.paths['/orders/{id}'].get.description).toMatch(/Vendors: their own company/);
    expect(document.paths['/stores'].get.description).toMatch(/Vendors: 403/);
  });
});
