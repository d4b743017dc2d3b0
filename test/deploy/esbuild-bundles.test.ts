import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackagedStage, packageStage, runServerless } from './package-template.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const { buildOptionsOf } = require('../../infra/plugins/esbuild-bundles.cjs') as {
  buildOptionsOf: (
    esbuildOptions: object,
    entries: string[],
    serviceDir: string,
    buildDir: string,
  ) => Parameters<typeof build>[0];
};
const ROOT = resolve(import.meta.dirname, '../..');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface PrintedConfig {
  custom: { esbuild: Record<string, unknown> };
  functions: Record<string, { handler: string }>;
}

/** Output file (relative to the build folder) → hash of its bytes. */
async function bundles(options: Parameters<typeof build>[0]): Promise<Map<string, string>> {
  const result = await build({ ...options, write: false, logLevel: 'silent' });
  return new Map(
    result.outputFiles.map((file) => [file.path.slice(String(options.outdir).length), sha256(file.contents)]),
  );
}

const entryOf = (handler: string) => `${handler.replace(/\.[^.]+$/, '')}.ts`;

/**
 * infra/plugins/esbuild-bundles.cjs bundles a stack's functions in one esbuild build and zips each bundle as its
 * function's artifact. Its promises: the bundles are the bytes a build of each entry alone makes, each zip holds
 * exactly its function's bundle, and packaging the same sources again makes the same zips (the framework's
 * no-change check compares their hashes). Proven on a stack's functions (webhooks: 10) with the options serverless.yml
 * resolves to (`serverless print`).
 */
describe('the functions bundled in one esbuild build and zipped (infra/plugins/esbuild-bundles.cjs)', () => {
  let config: PrintedConfig;
  const packaged: PackagedStage[] = [];
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
    // Two packagings of the same sources, one after the other (the second reads its bundles back from the cache).
    packaged.push(await packageStage('prod', 'webhooks'));
    packaged.push(await packageStage('prod', 'webhooks'));
  }, 180_000);
  afterAll(() => Promise.all(packaged.map((one) => one.cleanup())));

  it('makes the same bundles, byte for byte, as one build per function', async () => {
    // Prepare
    const entries = [...new Set(Object.values(config.functions).map(({ handler }) => entryOf(handler)))];
    // Act
    const together = await bundles(buildOptionsOf(config.custom.esbuild, entries, ROOT, '/build'));
    const oneByOne = new Map<string, string>();
    for (const entry of entries) {
      // A build of the entry alone, written beside where its path says.
      const alone = {
        ...buildOptionsOf(config.custom.esbuild, [entry], ROOT, '/build'),
        outbase: undefined,
        outdir: join('/build', entry, '..'),
      };
      for (const [file, hash] of await bundles(alone)) oneByOne.set(join(entry, '..', file).replace(/^\/?/, '/'), hash);
    }
    // Assess
    expect(entries.length).toBeGreaterThan(5);
    expect(together.size).toBe(entries.length);
    expect([...together.keys()].every((file) => file.endsWith('.cjs'))).toBe(true);
    expect(Object.fromEntries(together)).toEqual(Object.fromEntries(oneByOne));
  }, 120_000);

  it("zips each function's bundle alone, at its path, as the artifact the template deploys", async () => {
    // Prepare
    const [first] = packaged;
    const artifacts = dirname(first!.templatePath);
    const built = await bundles(
      buildOptionsOf(
        config.custom.esbuild,
        Object.values(config.functions).map(({ handler }) => entryOf(handler)),
        ROOT,
        '/build',
      ),
    );
    const keys = Object.values(first!.template.Resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .map((resource) => String(resource.Properties?.Code?.S3Key));
    // Act, assess
    expect(keys.length).toBe(Object.keys(config.functions).length);
    for (const [alias, { handler }] of Object.entries(config.functions)) {
      expect(keys.some((key) => key.endsWith(`/${alias}.zip`))).toBe(true);
      const zip = join(artifacts, `${alias}.zip`);
      const { stdout: names } = await run('unzip', ['-Z1', zip]);
      const bundle = entryOf(handler).replace(/\.ts$/, '.cjs');
      expect(names.trim().split('\n')).toEqual([bundle]);
      const { stdout: bytes } = await run('unzip', ['-p', zip, bundle], { encoding: 'buffer', maxBuffer: 64 << 20 });
      expect(sha256(bytes)).toBe(built.get(`/${bundle}`));
      // serverless.yml's options reached esbuild (compared above with a build from the same options, so checked here
      // on their own): minified, and the AWS SDK left to the runtime, required and not bundled.
      const code = bytes.toString('utf8');
      expect(code.split('\n').length).toBeLessThan(100);
      expect(code).toMatch(/require\("@aws-sdk\/client-dynamodb"\)/);
    }
  });

  it('makes the same zips, byte for byte, when it packages the same sources again', async () => {
    const [first, second] = packaged;
    for (const alias of Object.keys(config.functions)) {
      const [a, b] = await Promise.all(
        [first!, second!].map((one) => readFile(join(dirname(one.templatePath), `${alias}.zip`))),
      );
      expect(sha256(b!)).toBe(sha256(a!));
    }
    expect(second!.output).toMatch(/esbuild: \d+ of \d+ bundles read back/);
  });
});
