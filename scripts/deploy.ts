/**
 * Deploys (or removes) every stack of a stage, in order (docs/deploy.md):
 *   npm run deploy -- --stage prod [--region eu-west-1] [--only catalog,orders] [--dry-run]
 *   npm run deploy -- --stage dev --remove
 * Deploy: `core` (table, REST API, dispatchers) first, then one stack per domain, one at a time
 * (they share the REST API's stage, which API Gateway does not let two deploys change at once).
 * Remove: the domains in reverse, then `core` (its exports are imported by the domains).
 * Every other option (`--region`, `--aws-profile`, `--param="corsOrigins=…"`, …) is passed to
 * each `serverless deploy` / `serverless remove`. The first failure stops the run.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDir, type ScratchDir } from './lib/scratch-dir.js';
import { migrateDeployedStage } from './lib/deploy-migrate.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { SPLIT_STACKS } = require('../infra/stack-size.cjs') as { SPLIT_STACKS: string[] };

const USAGE = `usage: npm run deploy -- --stage NAME [--remove] [--only STACK,…] [--dry-run] [serverless options…]
  stacks, in deploy order: ${SPLIT_STACKS.join(', ')}`;

class UsageError extends Error {}

export interface Plan {
  action: 'deploy' | 'remove';
  stage: string;
  stacks: string[];
  commands: string[][];
  dryRun: boolean;
}

/** What a command line asks for: the `serverless` argument lists, in the order they run. */
export function plan(argv: string[]): Plan {
  let stage: string | undefined;
  let action: Plan['action'] = 'deploy';
  let only: string[] | undefined;
  let dryRun = false;
  const passThrough: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const found = inline ?? argv[++i];
      if (found === undefined || found.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return found;
    };
    if (flag === '--stage' || flag === '-s') stage = value();
    else if (flag === '--remove') action = 'remove';
    else if (flag === '--dry-run') dryRun = true;
    else if (flag === '--only') only = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (flag === '--param' && /^domain=/.test(inline ?? argv[i + 1] ?? '')) throw new UsageError('the script chooses --param=domain itself; use --only');
    else passThrough.push(arg);
  }
  if (!stage) throw new UsageError('--stage is required (dev, prod, …)');
  const unknown = (only ?? []).filter((name) => !SPLIT_STACKS.includes(name));
  if (unknown.length > 0) throw new UsageError(`unknown stack ${unknown.join(', ')}: one of ${SPLIT_STACKS.join(', ')}`);
  const ordered = SPLIT_STACKS.filter((name) => !only || only.includes(name));
  const stacks = action === 'deploy' ? ordered : [...ordered].reverse();
  return {
    action,
    stage,
    stacks,
    dryRun,
    commands: stacks.map((domain) => [action, '--stage', stage!, `--param=domain=${domain}`, ...passThrough]),
  };
}

/**
 * A deployed stage must sign its list cursors with its own key: with the public local default anyone
 * could forge cursors. Removing a stage, or a dry run, needs none.
 */
export function missingSecret(wanted: Plan, env: NodeJS.ProcessEnv): string | undefined {
  if (wanted.action !== 'deploy' || wanted.dryRun) return undefined;
  if ((env.CURSOR_SECRET ?? '').length >= 16) return undefined;
  return 'CURSOR_SECRET must be set (16 characters or more) to deploy, e.g. CURSOR_SECRET=$(openssl rand -base64 32); keep it per stage';
}

let scratch: ScratchDir | undefined;

function runServerless(args: string[]): Promise<number> {
  // Packaging leaves a folder per function in TMPDIR: a private one, removed when this script exits.
  scratch ??= createScratchDir();
  const env = { ...process.env, TMPDIR: scratch.path };
  return new Promise((done, fail) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/serverless'), args, { cwd: ROOT, stdio: 'inherit', env });
    child.on('error', fail);
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** The `--region` passed through to serverless, for the migration's DynamoDB client. */
function regionOf(args: readonly string[]): string | undefined {
  const at = args.findIndex((arg) => arg === '--region' || arg === '-r');
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--region='))?.slice('--region='.length);
}

async function main(argv: string[]): Promise<number> {
  const wanted = plan(argv);
  const missing = missingSecret(wanted, process.env);
  if (missing) throw new UsageError(missing);
  console.log(`${wanted.action} stage ${wanted.stage}: ${wanted.stacks.join(' → ')}`);
  for (const [i, args] of wanted.commands.entries()) {
    console.log(`\n[${i + 1}/${wanted.commands.length}] serverless ${args.join(' ')}`);
    if (wanted.dryRun) continue;
    const started = Date.now();
    const code = await runServerless(args);
    if (code !== 0) {
      console.error(`\nstack ${wanted.stacks[i]} failed (exit ${code}); stopped. Not yet done: ${wanted.stacks.slice(i + 1).join(', ') || 'nothing'}`);
      return code;
    }
    console.log(`stack ${wanted.stacks[i]}: done in ${Math.round((Date.now() - started) / 1000)} s`);
    if (wanted.action === 'deploy' && wanted.stacks[i] === 'core') await migrateDeployedStage(wanted.stage, regionOf(args));
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof UsageError ? `${error.message}\n${USAGE}` : error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
