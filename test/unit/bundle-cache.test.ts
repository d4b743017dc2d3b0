import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { buildThroughCache } = require('../../infra/plugins/bundle-cache.cjs') as {
  buildThroughCache: (builder: typeof esbuild, options: esbuild.BuildOptions, dir?: string) => Promise<number>;
};

/**
 * infra/plugins/bundle-cache.cjs: a bundle read back from the cache is the bytes a build makes, and any change to
 * what it is made of (an imported file, the options) builds it again. On a two-file project of its own.
 */
describe('the bundle cache (BUNDLE_CACHE_DIR)', () => {
  let root: string;
  const options = (entries: string[], extra: esbuild.BuildOptions = {}): esbuild.BuildOptions => ({
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    logLevel: 'silent',
    entryPoints: entries,
    absWorkingDir: root,
    outbase: root,
    outdir: join(root, 'out'),
    ...extra,
  });
  const bundle = (name: string) => readFile(join(root, 'out', name), 'utf8');
  const fresh = async (entries: string[], extra: esbuild.BuildOptions = {}) => {
    const result = await esbuild.build({ ...options(entries, extra), write: false });
    return result.outputFiles.map((file) => file.text);
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bundle-cache-'));
    await writeFile(join(root, 'shared.ts'), "export const greeting = (name: string) => 'hello ' + name;\n");
    await writeFile(join(root, 'a.ts'), "import { greeting } from './shared';\nexport const a = greeting('a');\n");
    await writeFile(join(root, 'b.ts'), 'export const b = 2;\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('builds what it does not hold, then reads back the same bytes without building', async () => {
    // Prepare
    const cache = join(root, 'cache');
    // Act
    const first = await buildThroughCache(esbuild, options(['a.ts', 'b.ts']), cache);
    const built = [await bundle('a.cjs'), await bundle('b.cjs')];
    await rm(join(root, 'out'), { recursive: true });
    const second = await buildThroughCache(esbuild, options(['a.ts', 'b.ts']), cache);
    // Assess
    expect(first).toBe(0);
    expect(second).toBe(2);
    expect([await bundle('a.cjs'), await bundle('b.cjs')]).toEqual(built);
    expect(built).toEqual(await fresh(['a.ts', 'b.ts']));
    expect(built[0]).toContain('hello');
  });

  it('builds again an entry one of whose inputs changed, and only that one', async () => {
    // Prepare
    const cache = join(root, 'cache');
    await buildThroughCache(esbuild, options(['a.ts', 'b.ts']), cache);
    await writeFile(join(root, 'shared.ts'), "export const greeting = (name: string) => 'goodbye ' + name;\n");
    // Act
    const restored = await buildThroughCache(esbuild, options(['a.ts', 'b.ts']), cache);
    // Assess
    expect(restored).toBe(1);
    expect(await bundle('a.cjs')).toContain('goodbye');
    expect(await bundle('a.cjs')).toBe((await fresh(['a.ts']))[0]);
  });

  it('builds again under other options, and not at all without a cache folder', async () => {
    // Prepare
    const cache = join(root, 'cache');
    await buildThroughCache(esbuild, options(['a.ts']), cache);
    // Act
    const otherOptions = await buildThroughCache(esbuild, options(['a.ts'], { minify: false }), cache);
    const noCache = await buildThroughCache(esbuild, options(['a.ts']), undefined);
    // Assess
    expect(otherOptions).toBe(0);
    expect(await bundle('a.cjs')).toBe((await fresh(['a.ts']))[0]);
    expect(noCache).toBe(0);
  });
});
