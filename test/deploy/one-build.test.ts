import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { runServerless } from './package-template.js';

const require = createRequire(import.meta.url);
const { buildOptionsOf } = require('../../infra/plugins/one-build.cjs') as {
  buildOptionsOf: (plugin: object, entries: string[]) => Parameters<typeof build>[0];
};
const ROOT = resolve(import.meta.dirname, '../..');

interface PrintedConfig {
  custom: { esbuild: Record<string, unknown> };
  functions: Record<string, { handler: string }>;
}

/** Output file (relative to the build folder) → hash of its bytes. */
async function bundles(options: Parameters<typeof build>[0]): Promise<Map<string, string>> {
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  return new Map(
    result.outputFiles.map((file) => [
      file.path.slice(String(options.outdir).length),
      createHash('sha256').update(file.contents).digest('hex'),
    ]),
  );
}

/**
 * infra/plugins/one-build.cjs bundles a stack's functions in one esbuild build. Its promise: the bundles are the
 * bytes serverless-esbuild's one build per function makes, so artifacts and the deploy's no-change check are
 * unchanged. Proven on the functions of a stack (webhooks: 10) with the options serverless.yml resolves to (`serverless print`).
 */
describe('one esbuild build for every function of a stack (infra/plugins/one-build.cjs)', () => {
  let config: PrintedConfig;
  beforeAll(async () => {
    const { code, output } = await runServerless([
      'print',
      '--stage',
      'prod',
      '--param=domain=webhooks',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    config = JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1)) as PrintedConfig;
  }, 180_000);

  it('makes the same bundles, byte for byte, as one build per function', async () => {
    // Prepare
    const entries = [
      ...new Set(Object.values(config.functions).map(({ handler }) => `${handler.replace(/\.[^.]+$/, '')}.ts`)),
    ];
    const plugin = { buildOptions: config.custom.esbuild, plugins: [], serviceDirPath: ROOT, buildDirPath: '/build' };
    // Act
    const together = await bundles(buildOptionsOf(plugin, entries));
    const oneByOne = new Map<string, string>();
    for (const entry of entries) {
      // serverless-esbuild's own way: the entry alone, written beside where its path says.
      const alone = { ...buildOptionsOf(plugin, [entry]), outbase: undefined, outdir: join('/build', entry, '..') };
      for (const [file, hash] of await bundles(alone)) oneByOne.set(join(entry, '..', file).replace(/^\/?/, '/'), hash);
    }
    // Assess
    expect(entries.length).toBeGreaterThan(5);
    expect(together.size).toBe(entries.length);
    expect([...together.keys()].every((file) => file.endsWith('.cjs'))).toBe(true);
    expect(Object.fromEntries(together)).toEqual(Object.fromEntries(oneByOne));
  }, 120_000);
});
