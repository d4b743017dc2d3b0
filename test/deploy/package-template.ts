import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { BUNDLE_CACHE_DIR } from '../../scripts/lib/bundle-cache-dir.js';
import { COMPILE_CACHE_DIR } from '../../scripts/lib/compile-cache-dir.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
// What `serverless package` reads; copied so that packaging never touches the .esbuild/ of a running offline.
const SOURCES = ['serverless.yml', 'package.json', 'tsconfig.json', 'functions', 'lib', 'infra'];

export interface Template {
  Outputs?: Record<string, { Value: unknown; Export?: { Name: string } }>;
  Resources: Record<
    string,
    {
      Type: string;
      Properties?: Record<string, any>;
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
      DependsOn?: unknown;
    }
  >;
}

export interface PackagedStage {
  domain: string;
  /** What packaging left in its TMPDIR (nothing is expected), removed by cleanup(). */
  leftInTmp: string[];
  template: Template;
  templatePath: string;
  /** What `serverless package` printed (stdout, then stderr). */
  output: string;
  /** Wall-clock seconds `serverless package` took. */
  seconds: number;
  cleanup: () => Promise<void>;
}

/**
 * Credentials that can do nothing, and no config or metadata lookups: whatever a command run here
 * tries against AWS fails, so a check that should stop a deploy cannot let a real one through.
 */
const NO_AWS = {
  AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'not-a-real-secret-key-for-tests-only',
  AWS_SESSION_TOKEN: '',
  AWS_PROFILE: '',
  AWS_CONFIG_FILE: '/dev/null',
  AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
  AWS_EC2_METADATA_DISABLED: 'true',
};

async function scratchCopy(label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `store-api-${label}-`));
  for (const source of SOURCES) await cp(join(ROOT, source), join(dir, source), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/** The scratch copy's own TMPDIR: packaging leaves a folder per function there, and it goes with the copy. */
export const scratchTmp = (dir: string) => join(dir, '.tmp');

async function serverlessIn(dir: string, args: string[], timeout = 300_000, validateConfig = false) {
  await mkdir(scratchTmp(dir), { recursive: true });
  return run(join(ROOT, 'node_modules/.bin/serverless'), args, {
    cwd: dir,
    env: {
      ...process.env,
      ...NO_AWS,
      TMPDIR: scratchTmp(dir),
      // infra/plugins/bundle-cache.cjs: a bundle packaged before from the same sources (another file, an earlier run)
      // is read back instead of rebuilt; every scratch copy sits at the same depth, so their records match.
      BUNDLE_CACHE_DIR,
      // scripts/lib/compile-cache-dir.ts: the framework's modules compiled once per run, not once per command.
      NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
      // infra/plugins/config-validation-switch.cjs: the schema validation, ~40 % of a command's CPU, runs once per
      // run (test/deploy/template.test.ts asks for it), not in each of the deploy tests' packagings.
      ...(validateConfig ? {} : { SKIP_CONFIG_VALIDATION: 'true' }),
      PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
    },
    timeout,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Runs `serverless package --stage <stage> --param=domain=<domain>` offline in a scratch copy of the project and reads
 * the template. `validateConfig`: run the framework's schema validation of serverless.yml too (skipped otherwise).
 */
export async function packageStage(
  stage: string,
  domain = 'all',
  params: Record<string, string> = {},
  { validateConfig = false } = {},
): Promise<PackagedStage> {
  const dir = await scratchCopy(`package-${stage}-${domain}`);
  const started = Date.now();
  // `params`: further stage params (`{ api: 'http' }`), as `--param="name=value"` each.
  const extra = Object.entries(params).map(([name, value]) => `--param=${name}=${value}`);
  const { stdout, stderr } = await serverlessIn(
    dir,
    ['package', '--stage', stage, `--param=domain=${domain}`, ...extra],
    300_000,
    validateConfig,
  );
  const seconds = (Date.now() - started) / 1000;
  const templatePath = join(dir, '.serverless/cloudformation-template-update-stack.json');
  const template = JSON.parse(await readFile(templatePath, 'utf8')) as Template;
  const leftInTmp = await readdir(scratchTmp(dir));
  return {
    domain,
    template,
    templatePath,
    output: `${stdout}\n${stderr}`,
    seconds,
    leftInTmp,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Packages several stacks, at most `parallel` at a time: each packaging is mostly esbuild on every
 * function of its stack, and the machine running the tests has few cores.
 */
export async function packageStacks(
  stage: string,
  domains: string[],
  parallel = 2,
): Promise<Map<string, PackagedStage>> {
  const done = new Map<string, PackagedStage>();
  const queue = [...domains];
  const worker = async () => {
    for (let domain = queue.shift(); domain !== undefined; domain = queue.shift())
      done.set(domain, await packageStage(stage, domain));
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallel, domains.length) }, worker));
  } catch (error) {
    await Promise.all([...done.values()].map((packaged) => packaged.cleanup()));
    throw error;
  }
  return done;
}

/** Runs any serverless command in a scratch copy, with credentials that cannot reach AWS; never throws on a non-zero exit. */
export async function runServerless(args: string[]): Promise<{ code: number; output: string }> {
  const dir = await scratchCopy('run');
  try {
    const { stdout, stderr } = await serverlessIn(dir, args, 180_000);
    return { code: 0, output: `${stdout}\n${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      output: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
