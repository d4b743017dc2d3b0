import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md ("Layers"), drawn from the imports themselves: every relative
 * `import … from`, `export … from` and `import()` of the project's TypeScript, read with the compiler's
 * own pre-processor. A module may import its own layer and the layers below it, never one above, and
 * no chain of imports may come back to where it started.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ARCHITECTURE = 'docs/architecture.md';
const SOURCE_DIRS = ['lib', 'functions', 'scripts', 'bench'];

/** Lowest first. A path matches the first prefix it starts with. */
const LAYERS: ReadonlyArray<{ name: string; prefixes: readonly string[] }> = [
  {
    name: 'base',
    prefixes: [
      'lib/config.ts',
      'lib/errors.ts',
      'lib/log.ts',
      'lib/metrics.ts',
      'lib/in-batches.ts',
      'lib/cursor-keys.ts',
    ],
  },
  { name: 'entities', prefixes: ['lib/entities/'] },
  { name: 'storage', prefixes: ['lib/db/'] },
  // The protocol (lib/http: paths, routes, bodies, answers, the error map) and authentication (lib/auth) stand
  // side by side, neither importing the other (checked below).
  { name: 'protocol and auth', prefixes: ['lib/http/', 'lib/auth/'] },
  // Webhook deliveries: signing, the URL policy, attempts and their schedule, the sink the stream feeds. Below the
  // operations, which manage the subscriptions with them (lib/operations/webhooks.ts); the events they carry are a
  // type of the entities layer (lib/entities/change-event.ts), not of the change feed.
  { name: 'webhooks', prefixes: ['lib/webhooks/'] },
  { name: 'operations', prefixes: ['lib/operations/'] },
  // The middy stack that judges a request (admission: credentials, rate, route, privilege, body, key), above the
  // operations so that they cannot reach into it: an operation sees only lib/http/operation.ts, whoever calls it.
  { name: 'stack', prefixes: ['lib/stack/'] },
  // An operation bound to the stack as a Lambda handler: the one place the two meet.
  { name: 'handlers', prefixes: ['lib/handlers/'] },
  // The change feed presents an object as the operations' GET does (lib/events/present-object.ts), so it sits
  // above them; GET /events receives its reader (functions/events/list.ts binds it), nothing below imports it.
  { name: 'change feed', prefixes: ['lib/events/'] },
  // What describes or serves the operations to people and tools: OpenAPI, the docs' examples, the panel, MCP.
  { name: 'presentation', prefixes: ['lib/openapi/', 'lib/docs/', 'lib/panel/', 'lib/mcp/'] },
  { name: 'setup', prefixes: ['lib/settings-defaults.ts', 'lib/store-defaults.ts', 'lib/bootstrap.ts'] },
  { name: 'entry points', prefixes: ['functions/', 'scripts/', 'bench/'] },
];

function layerOf(file: string): number {
  const index = LAYERS.findIndex((layer) => layer.prefixes.some((prefix) => file.startsWith(prefix)));
  if (index < 0) throw new Error(`${file} is in no layer: add it to LAYERS and to docs/architecture.md`);
  return index;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

/** The project files a file imports (relative specifiers only; `.js` names the `.ts` source). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => normalize(join(dirname(file), specifier)).replace(/\.js$/, '.ts'))
    .filter((target) => target.endsWith('.ts'));
}

const graph = new Map<string, string[]>(SOURCE_DIRS.flatMap(sourceFiles).map((file) => [file, importsOf(file)]));

/** Every import circle, each as the chain of files that closes it (Tarjan's strongly connected components). */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== file);
      const selfImport = graph.get(file)?.includes(file);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('layering: who may import whom', () => {
  it('reads the imports of every source file, dynamic ones included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('lib/operations/languages.ts')).toContain('lib/db/langvars.ts');
    // A dynamic import is an import too: it was how the last storage → operation circle hid.
    const { importedFiles } = ts.preProcessFile("const m = await import('../db/x.js');", true, true);
    expect(importedFiles.map((imported) => imported.fileName)).toEqual(['../db/x.js']);
  });

  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });

  it('puts every source file in a layer and imports nothing from a layer above', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (!graph.has(target)) continue;
        if (layerOf(target) > layerOf(file))
          upward.push(`${file} (${LAYERS[layerOf(file)]!.name}) → ${target} (${LAYERS[layerOf(target)]!.name})`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('is the table of docs/architecture.md "Layers": the same layers in the same order, each naming its modules', () => {
    const text = readFileSync(join(ROOT, ARCHITECTURE), 'utf8');
    const section = text.slice(text.indexOf('\n## Layers\n'), text.indexOf('\n## ', text.indexOf('\n## Layers\n') + 1));
    const rows = [...section.matchAll(/^\| ([^|]+?) +\| (.+?) +\| .+ \|$/gm)]
      .map((match) => ({ name: match[1]!, modules: match[2]! }))
      .filter((row) => row.name !== 'layer (lowest first)' && !/^-+$/.test(row.name));
    expect(rows.map((row) => row.name)).toEqual(LAYERS.map((layer) => layer.name));
    for (const [at, layer] of LAYERS.entries()) {
      for (const prefix of layer.prefixes) expect(rows[at]!.modules, layer.name).toContain(`\`${prefix}\``);
    }
  });

  it('keeps the change feed above everything that handles a request: nothing below it imports lib/events', () => {
    const feed = LAYERS.findIndex((layer) => layer.name === 'change feed');
    const intoFeed = [...graph]
      .filter(([file]) => !file.startsWith('lib/events/') && layerOf(file) <= feed)
      .flatMap(([file, targets]) =>
        targets.filter((target) => target.startsWith('lib/events/')).map((target) => `${file} → ${target}`),
      );
    expect(intoFeed).toEqual([]);
  });

  it('keeps the migrations out of request code: only scripts/ run them (lib/db/migrations, docs/data-model.md)', () => {
    const intoMigrations = [...graph]
      .filter(([file]) => !file.startsWith('lib/db/migrations/') && !file.startsWith('scripts/'))
      .flatMap(([file, targets]) =>
        targets.filter((target) => target.startsWith('lib/db/migrations/')).map((target) => `${file} → ${target}`),
      );
    expect(intoMigrations).toEqual([]);
    expect(graph.get('scripts/lib/admin-commands.ts')).toContain('lib/db/migrations/runner.ts');
  });

  it('keeps storage free of requests: lib/db imports only lib/db, the entity definitions and the base modules', () => {
    const storageImports = [...graph]
      .filter(([file]) => file.startsWith('lib/db/'))
      .flatMap(([file, targets]) => targets.map((target) => ({ file, target })))
      .filter(
        ({ target }) =>
          !target.startsWith('lib/db/') && layerOf(target) > LAYERS.findIndex((layer) => layer.name === 'entities'),
      );
    expect(storageImports).toEqual([]);
  });

  it('keeps the HTTP plumbing below the operations: lib/http and lib/auth import no operation', () => {
    const httpToOperations = [...graph]
      .filter(([file]) => file.startsWith('lib/http/') || file.startsWith('lib/auth/'))
      .flatMap(([file, targets]) =>
        targets.filter((target) => target.startsWith('lib/operations/')).map((target) => `${file} → ${target}`),
      );
    expect(httpToOperations).toEqual([]);
  });

  it('keeps the protocol apart from storage and authentication: lib/http imports neither lib/db nor lib/auth', () => {
    const httpDown = [...graph]
      .filter(([file]) => file.startsWith('lib/http/'))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => target.startsWith('lib/db/') || target.startsWith('lib/auth/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(httpDown).toEqual([]);
  });

  it('keeps authentication free of HTTP: lib/auth throws domain errors and imports nothing of lib/http', () => {
    const authToHttp = [...graph]
      .filter(([file]) => file.startsWith('lib/auth/'))
      .flatMap(([file, targets]) =>
        targets.filter((target) => target.startsWith('lib/http/')).map((target) => `${file} → ${target}`),
      );
    expect(authToHttp).toEqual([]);
  });
});
