import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BuildOptions, build } from 'esbuild';
import { repoRoot } from '../../scripts/lib/repo.js';
import { median, round } from './stats.js';

const run = promisify(execFile);

/** The build infra/plugins/esbuild-bundles.cjs makes for every function (serverless.yml custom.esbuild), SDK left to the runtime. */
const ESBUILD_OPTIONS: BuildOptions = {
  bundle: true,
  minify: true,
  sourcemap: false,
  treeShaking: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  external: ['@aws-sdk/*'],
  logLevel: 'silent',
};

const BASELINE_NAME = 'client-only (baseline)';
/** lib/db/client.ts's client as an untraced stage bundles it, and as a traced one bundles and runs it (tracing on). */
const UNTRACED_NAME = 'project client, tracing off';
const TRACED_NAME = 'project client, tracing on';
/** Left out of the bundles of a stage that does not trace (infra/esbuild-exclude.cjs). */
const TRACER = '@aws-lambda-powertools/tracer';

interface FunctionEntry {
  name: string;
  /** `functions/users/get.handler` */
  handler: string;
}

/** Every Lambda of serverless.yml, from the table it is generated from. */
function functionEntries(): FunctionEntry[] {
  const require = createRequire(import.meta.url);
  const table = require(join(repoRoot, 'infra', 'function-table.cjs')) as { allFunctions(): FunctionEntry[] };
  return table.allFunctions().map(({ name, handler }) => ({ name, handler }));
}

export interface FunctionFigures {
  name: string;
  bundleBytes: number;
  /** Wall-clock module init, median. */
  initMedianMs: number;
  /** Wall-clock module init, the fastest of the runs. */
  initFastestMs: number;
  /**
   * initFastestMs over the baseline's: the budgeted figure. The fastest run, not the median: on a shared machine
   * another process only ever adds time to a run (a descheduled probe waits, it never runs faster), and a median of 5
   * picked that up unevenly — the bench of 2026-11-29 at load 2.9 on 2 cores measured `products-create` at 696 ms
   * wall for 226 ms CPU (median ratio 3.92) where alone it takes 1.1× the baseline. The fastest run is the module's
   * own cost with the least of the machine's; the median is still printed beside it.
   */
  initRatio: number;
  /** CPU time (user + system) of the same init, median: steadier than wall time when the machine is shared. */
  initCpuMedianMs: number;
  initCpuRatio: number;
}

export interface BundleFigures {
  functions: FunctionFigures[];
  /** The Powertools Tracer's cost: the project's client without it (untraced stage) and with it, tracing on. */
  tracer: { off: FunctionFigures; on: FunctionFigures };
  baseline: { bundleBytes: number; initMedianMs: number; initFastestMs: number; initCpuMedianMs: number };
  runsPerModule: number;
}

interface InitSample {
  wallMs: number;
  cpuMs: number;
}

/**
 * Module init = the time `require()` of the bundle takes in a fresh Node process (read, compile, run the
 * module scope, load the SDK from node_modules as the Lambda runtime loads its own), timed inside that process
 * so Node's own start-up is left out. Runs are interleaved (round r loads every module once, in a rotated
 * order) and the median is taken, so a burst of load elsewhere on the machine cannot favour one module.
 */
export async function measureBundles(runs: number, progress: (line: string) => void): Promise<BundleFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'store-api-bench-bundles-'));
  try {
    // The bundles require @aws-sdk/* at run time: resolve them from the project, like the runtime's own copy.
    await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
    const projectClient = join(repoRoot, 'bench', 'fixtures', 'project-client.ts');
    const modules: Array<{ name: string; entry: string; traced?: boolean }> = [
      { name: BASELINE_NAME, entry: join(repoRoot, 'bench', 'fixtures', 'client-only.ts') },
      { name: UNTRACED_NAME, entry: projectClient },
      { name: TRACED_NAME, entry: projectClient, traced: true },
    ].concat(
      functionEntries().map(({ name, handler }) => ({
        name,
        entry: join(repoRoot, `${handler.replace(/\.handler$/, '')}.ts`),
      })),
    );
    const built: Array<{ name: string; file: string; bytes: number; env?: Record<string, string> }> = [];
    for (const { name, entry, traced } of modules) {
      const file = join(dir, `${name.replace(/[^a-z0-9-]/gi, '_')}.cjs`);
      // As a stage without tracing builds them (the default); the traced fixture as a stage with tracing on.
      const external = traced ? ESBUILD_OPTIONS.external : [...ESBUILD_OPTIONS.external!, TRACER];
      // Written by us, not by esbuild's service process: that one would finish a write (and re-create the folder)
      // after an interrupted bench had removed its temporary folder on the way out.
      const [output] = (
        await build({ ...ESBUILD_OPTIONS, external, entryPoints: [entry], outfile: file, write: false })
      ).outputFiles;
      await writeFile(file, output!.contents);
      built.push({
        name,
        file,
        bytes: output!.contents.byteLength,
        ...(traced ? { env: { POWERTOOLS_TRACE_ENABLED: 'true' } } : {}),
      });
    }
    progress(
      `  built ${built.length - 3} functions, the baseline and the project client with and without the tracer; timing module init (${runs} fresh processes each)...`,
    );

    const samples = new Map<string, InitSample[]>(built.map(({ name }) => [name, []]));
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < built.length; k++) {
        const module = built[(k + round) % built.length];
        if (!module) continue;
        samples.get(module.name)?.push(await initTime(module.name, module.file, dir, module.env));
      }
    }
    const medians = (name: string) => {
      const list = samples.get(name) ?? [];
      const walls = list.map((sample) => sample.wallMs);
      return { wall: median(walls), fastest: Math.min(...walls), cpu: median(list.map((sample) => sample.cpuMs)) };
    };
    const base = medians(BASELINE_NAME);
    const baseline = built.find(({ name }) => name === BASELINE_NAME);
    const figures = ({ name, bytes }: { name: string; bytes: number }): FunctionFigures => {
      const own = medians(name);
      return {
        name,
        bundleBytes: bytes,
        initMedianMs: round(own.wall, 2),
        initFastestMs: round(own.fastest, 2),
        initRatio: round(own.fastest / base.fastest, 3),
        initCpuMedianMs: round(own.cpu, 2),
        initCpuRatio: round(own.cpu / base.cpu, 3),
      };
    };
    const fixture = (name: string) => figures(built.find((module) => module.name === name)!);
    return {
      baseline: {
        bundleBytes: baseline?.bytes ?? 0,
        initMedianMs: round(base.wall, 2),
        initFastestMs: round(base.fastest, 2),
        initCpuMedianMs: round(base.cpu, 2),
      },
      tracer: { off: fixture(UNTRACED_NAME), on: fixture(TRACED_NAME) },
      functions: built.filter(({ name }) => ![BASELINE_NAME, UNTRACED_NAME, TRACED_NAME].includes(name)).map(figures),
      runsPerModule: runs,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PROBE = [
  "const { performance } = require('node:perf_hooks');",
  'const cpu = process.cpuUsage();',
  'const started = performance.now();',
  'require(process.argv[1]);',
  'const wallMs = performance.now() - started;',
  'const used = process.cpuUsage(cpu);',
  'process.stdout.write(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));',
].join('\n');

async function initTime(
  name: string,
  file: string,
  cwd: string,
  extraEnv: Record<string, string> = {},
): Promise<InitSample> {
  // A clean environment: no NODE_OPTIONS (tsx's loader would load too), only what the Lambda runtime sets.
  const { stdout } = await run(process.execPath, ['-e', PROBE, file], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      AWS_REGION: 'us-east-1',
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      AWS_LAMBDA_FUNCTION_NAME: name,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '512',
      TABLE_NAME: 'store-api-bench',
      ...extraEnv,
    },
  });
  const sample = JSON.parse(stdout) as InitSample;
  if (!Number.isFinite(sample.wallMs) || !Number.isFinite(sample.cpuMs))
    throw new Error(`init probe of ${file} printed ${stdout}`);
  return sample;
}
