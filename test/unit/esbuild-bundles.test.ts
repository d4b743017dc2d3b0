/**
 * infra/plugins/esbuild-bundles.cjs, on a small service of its own (under .data/, so the project's esbuild resolves):
 * the zips it writes are the same bytes whatever the time and the files' own times, and under serverless offline it
 * serves the bundles from its build folder and rebuilds them when a watched source changes, then tells offline.
 * (The bundles and zips of the real stacks: test/deploy/esbuild-bundles.test.ts.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { pollUntil } from '../../scripts/lib/poll.js';

const require = createRequire(import.meta.url);
const { writeZip } = require('../../infra/plugins/zip-file.cjs') as {
  writeZip: (zip: string, files: { name: string; path: string }[]) => Promise<void>;
};
const EsbuildBundles = require('../../infra/plugins/esbuild-bundles.cjs') as new (
  serverless: object,
  options: object,
  logging: object,
) => { serveOffline(): Promise<void>; package(): Promise<void>; watchers?: { close(): void }[] };

const DATA = resolve(import.meta.dirname, '../../.data');
mkdirSync(DATA, { recursive: true });
const dir = mkdtempSync(join(DATA, 'esbuild-bundles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** The framework's side the plugin uses: the service, its functions, the config folder, the hook spawner. */
function serviceAt(root: string, functions: Record<string, { handler: string }>) {
  const spawned: string[] = [];
  const service = {
    provider: { name: 'aws', runtime: 'nodejs22.x' },
    custom: {
      esbuild: {
        bundle: true,
        platform: 'node',
        format: 'cjs',
        outputFileExtension: '.cjs',
        watch: { pattern: ['functions/**/*.ts', 'lib/**/*.ts'] },
      } as Record<string, unknown>,
    } as Record<string, Record<string, unknown>>,
    functions,
    getFunction: (alias: string) => functions[alias],
  };
  const serverless = {
    config: { serviceDir: root },
    service,
    classes: { Error },
    pluginManager: { spawn: async (event: string) => void spawned.push(event) },
  };
  return { serverless, service, spawned };
}

describe('writeZip: the same bytes for the same contents', () => {
  afterEach(() => vi.useRealTimers());

  it('whatever the clock and the files’ modification times, with each file at its name and its bytes', async () => {
    // Prepare
    const a = write(join(dir, 'zip/functions/a.cjs'), 'module.exports = 1;\n');
    const b = write(join(dir, 'zip/functions/a.cjs.map'), '{"version":3}');
    const files = [
      { name: 'functions/a.cjs', path: a },
      { name: 'functions/a.cjs.map', path: b },
    ];
    // Act: one zip now, one in another year with the files touched since.
    await writeZip(join(dir, 'first.zip'), files);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:34:56Z'));
    utimesSync(a, new Date('2030-01-01'), new Date('2030-01-01'));
    utimesSync(b, new Date('2029-02-02'), new Date('2029-02-02'));
    await writeZip(join(dir, 'second.zip'), files);
    // Assess
    expect(readFileSync(join(dir, 'second.zip')).equals(readFileSync(join(dir, 'first.zip')))).toBe(true);
    const names = execFileSync('unzip', ['-Z1', join(dir, 'first.zip')], { encoding: 'utf8' });
    expect(names.trim().split('\n')).toEqual(['functions/a.cjs', 'functions/a.cjs.map']);
    expect(execFileSync('unzip', ['-p', join(dir, 'first.zip'), 'functions/a.cjs'], { encoding: 'utf8' })).toBe(
      'module.exports = 1;\n',
    );
  });
});

describe('under serverless offline', () => {
  it('serves the bundles from its build folder and rebuilds them after a watched source changes', async () => {
    // Prepare
    const root = join(dir, 'offline');
    write(join(root, 'lib/answer.ts'), 'export const answer: number = 1;\n');
    write(
      join(root, 'functions/hello.ts'),
      "import { answer } from '../lib/answer';\nexport const handler = async () => answer;\n",
    );
    const { serverless, service, spawned } = serviceAt(root, { hello: { handler: 'functions/hello.handler' } });
    const plugin = new EsbuildBundles(serverless, {}, { log: {} });
    const bundle = join(root, '.esbuild/.build/functions/hello.cjs');
    const answer = () => (require(bundle) as { handler: () => Promise<number> }).handler();
    try {
      // Act
      await plugin.serveOffline();
      // Assess: offline is pointed at the bundles, which answer.
      expect(service.custom['serverless-offline']?.location).toBe(join('.esbuild', '.build'));
      expect(await answer()).toBe(1);
      // Act: a change to a watched source.
      write(join(root, 'lib/answer.ts'), 'export const answer: number = 2;\n');
      // Assess: rebuilt, then offline is told.
      await pollUntil(async () => spawned.includes('offline:functionsUpdated'), {
        what: 'the rebuild',
        timeoutMs: 15_000,
      });
      delete require.cache[bundle];
      expect(await answer()).toBe(2);
      expect(spawned).toEqual(['offline:functionsUpdated']);
    } finally {
      for (const watcher of plugin.watchers ?? []) watcher.close();
    }
  });

  it('rebuilds nothing for a change outside the watched patterns', async () => {
    // Prepare
    const root = join(dir, 'unwatched');
    write(join(root, 'functions/hello.ts'), 'export const handler = async () => 1;\n');
    const { serverless, spawned } = serviceAt(root, { hello: { handler: 'functions/hello.handler' } });
    const plugin = new EsbuildBundles(serverless, {}, { log: {} });
    try {
      await plugin.serveOffline();
      // Act: a file no pattern names, in a watched folder.
      write(join(root, 'functions/notes.md'), 'not code');
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Assess
      expect(spawned).toEqual([]);
    } finally {
      for (const watcher of plugin.watchers ?? []) watcher.close();
    }
  });
});

describe('packaging', () => {
  it("sets each function's artifact to its zip under .serverless, and names a handler with no module", async () => {
    // Prepare
    const root = join(dir, 'package');
    write(join(root, 'functions/one.ts'), 'export const handler = async () => 1;\n');
    const functions: Record<string, { handler: string; package?: { artifact: string } }> = {
      one: { handler: 'functions/one.handler' },
    };
    const { serverless } = serviceAt(root, functions);
    // Act
    await new EsbuildBundles(serverless, {}, { log: {} }).package();
    // Assess
    expect(functions.one?.package).toEqual({ artifact: join('.serverless', 'one.zip') });
    expect(existsSync(join(root, '.serverless/one.zip'))).toBe(true);
    // A handler whose module is missing is refused with its name.
    functions.two = { handler: 'functions/two.handler' };
    await expect(new EsbuildBundles(serverless, {}, { log: {} }).package()).rejects.toThrow(
      /function two: no module for handler functions\/two\.handler/,
    );
  });
});
