import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const ROOT = resolve(import.meta.dirname, '../..');
const excludeFor = require('../../infra/esbuild-exclude.cjs') as (ctx: {
  resolveVariable: (name: string) => Promise<unknown>;
}) => Promise<string[]>;

/** The project's client bundled as infra/plugins/esbuild-bundles.cjs bundles it for a stage with `tracing` on or off. */
async function bundle(dir: string, tracing: boolean): Promise<{ file: string; text: string }> {
  const external = await excludeFor({
    resolveVariable: async (name) => (name === 'param:tracing' ? String(tracing) : ''),
  });
  const [output] = (
    await build({
      entryPoints: [join(ROOT, 'bench/fixtures/project-client.ts')],
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      external,
      write: false,
      logLevel: 'silent',
    })
  ).outputFiles;
  const file = join(dir, `client-${tracing}.cjs`);
  await writeFile(file, output!.contents);
  return { file, text: output!.text };
}

/** The middleware a bundle's client runs, loaded as the Lambda runtime loads it (with POWERTOOLS_TRACE_ENABLED as given). */
async function middlewareOf(dir: string, file: string, traceEnabled: string): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['-e', 'process.stdout.write(JSON.stringify(require(process.argv[1]).client.middlewareStack.identify()))', file],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        AWS_REGION: 'us-east-1',
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        AWS_LAMBDA_FUNCTION_NAME: 'store-api-t-users-get',
        POWERTOOLS_TRACE_ENABLED: traceEnabled,
      },
    },
  );
  return JSON.parse(stdout) as string[];
}

describe('DynamoDB calls as X-Ray subsegments (lib/db/client.ts, infra/esbuild-exclude.cjs)', () => {
  // As in a function's package on Lambda: the bundle, and the SDK the runtime ships beside it; nothing else.
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'store-api-tracing-'));
    await mkdir(join(dir, 'node_modules'));
    await symlink(join(ROOT, 'node_modules/@aws-sdk'), join(dir, 'node_modules/@aws-sdk'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("leaves the tracer out of an untraced stage's bundles, and its client untraced even when the variable is set by hand", async () => {
    const untraced = await bundle(dir, false);
    expect(untraced.text).not.toContain('XRaySDKInstrumentation');
    expect((await middlewareOf(dir, untraced.file, 'true')).join()).not.toMatch(/XRay/);
  }, 60_000);

  it("bundles the tracer for a traced stage and captures the client's calls only when POWERTOOLS_TRACE_ENABLED is true", async () => {
    const traced = await bundle(dir, true);
    expect(traced.text).toContain('XRaySDKInstrumentation');
    expect((await middlewareOf(dir, traced.file, 'true')).join()).toMatch(/XRaySDKInstrumentation/);
    expect((await middlewareOf(dir, traced.file, 'false')).join()).not.toMatch(/XRay/);
  }, 60_000);
});
