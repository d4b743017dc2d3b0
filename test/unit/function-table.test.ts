import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HANDLERS } from '../../functions/handler-table.generated.js';
import { findEntity } from '../../lib/entities/registry.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { resolveRoute } from '../../lib/http/route.js';

const require = createRequire(import.meta.url);
const { FUNCTIONS } = require('../../infra/function-table.cjs') as {
  FUNCTIONS: Array<{ name: string; key: string; handler: string; method: string; path: string }>;
};

describe('infra/function-table.cjs, the source of serverless.yml functions', () => {
  it('has one function for every operation the in-process dispatchers know, and no other', () => {
    // Prepare / Act
    const tableKeys = FUNCTIONS.map((fn) => fn.key).sort();
    // Assess
    expect(tableKeys).toEqual(Object.keys(HANDLERS).sort());
    expect(new Set(FUNCTIONS.map((fn) => fn.name)).size).toBe(FUNCTIONS.length);
  });

  it.each(FUNCTIONS.map((fn) => [fn.name, fn] as const))(
    '%s: its method and path resolve to its own route key',
    (_name, fn) => {
      // Prepare: a concrete path for the path template
      const path = `/api/${fn.path.replace(/\{[^}]+\}/g, '7')}`;
      // Act
      const route = resolveRoute(fn.method.toUpperCase(), parseApiPath(path, {}), findEntity);
      // Assess
      expect(route.key).toBe(fn.key);
    },
  );

  it.each(FUNCTIONS.map((fn) => [fn.name, fn] as const))(
    '%s: its handler file exports the handler the dispatchers call',
    async (_name, fn) => {
      // Prepare
      const [file, exportName] = fn.handler.split('.') as [string, string];
      // Act
      const module = (await import(pathToFileURL(resolve(`${file}.ts`)).href)) as Record<string, unknown>;
      // Assess
      expect(module[exportName]).toBe(HANDLERS[fn.key]);
    },
  );
});
