/**
 * Deploys (or removes) every stack of a stage, in order (docs/deploy.md):
 *   npm run deploy -- --stage prod [--region eu-west-1] [--only catalog,orders] [--dry-run]
 *   npm run deploy -- --stage dev --remove
 * Deploy: `core` (table, REST API, dispatchers) first, then one stack per domain, one at a time
 * (they share the REST API's stage, which API Gateway does not let two deploys change at once).
 * Remove: the domains in reverse, then `core` (its exports are imported by the domains); stacks that do not
 * exist (a first deploy that failed half-way) are skipped.
 * Every other option (`--region`, `--aws-profile`, `--param="corsOrigins=…"`, …) is passed to
 * each `serverless deploy` / `serverless remove`. The first failure stops the run and says which stacks
 * exist and how to resume or remove. Before the first stack, the stage's cursor key parameter is created
 * when absent (scripts/lib/cursor-secret.ts), and a stage switched to another table (a restored one,
 * `npm run admin -- switch-table`) hands that table to every stack (scripts/lib/active-table.ts).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { activeTableParams, deleteTableSwitch, tableNameParameter } from './lib/active-table.js';
import { deleteCursorSecret, ensureCursorSecret } from './lib/cursor-secret.js';
import { migrateDeployedStage } from './lib/deploy-migrate.js';
import { createScratchDir, type ScratchDir } from './lib/scratch-dir.js';
import { stackNameOf, stackStatuses } from './lib/stack-status.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { SPLIT_STACKS } = require('../infra/stack-size.cjs') as { SPLIT_STACKS: string[] };

const USAGE = `usage: npm run deploy -- --stage NAME [--remove] [--only STACK,…] [--dry-run] [serverless options…]
  stacks, in deploy order: ${SPLIT_STACKS.join(', ')}`;

class UsageError extends Error {}

export interface Plan {
  action: 'deploy' | 'remove';
  stage: string;
  region: string;
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
  let region = 'us-east-1';
  const passThrough: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => {
      const found = inline ?? argv[++i];
      if (found === undefined || found.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      return found;
    };
    if (flag === '--stage' || flag === '-s') stage = value();
    else if (flag === '--remove') action = 'remove';
    else if (flag === '--dry-run') dryRun = true;
    else if (flag === '--only')
      only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (flag === '--region' || flag === '-r') {
      region = value();
      passThrough.push('--region', region);
    } else if (flag === '--param' && /^domain=/.test(inline ?? argv[i + 1] ?? ''))
      throw new UsageError('the script chooses --param=domain itself; use --only');
    else passThrough.push(arg);
  }
  if (!stage) throw new UsageError('--stage is required (dev, prod, …)');
  const unknown = (only ?? []).filter((name) => !SPLIT_STACKS.includes(name));
  if (unknown.length > 0)
    throw new UsageError(`unknown stack ${unknown.join(', ')}: one of ${SPLIT_STACKS.join(', ')}`);
  const ordered = SPLIT_STACKS.filter((name) => !only || only.includes(name));
  const stacks = action === 'deploy' ? ordered : [...ordered].reverse();
  return {
    action,
    stage,
    region,
    stacks,
    dryRun,
    commands: stacks.map((domain) => [action, '--stage', stage!, `--param=domain=${domain}`, ...passThrough]),
  };
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

/** After a failure: which stacks of the stage exist now, and the commands that resume or remove them. */
export function partialStateReport(wanted: Plan, failedAt: number, statuses: Map<string, string | undefined>): string {
  const existing = SPLIT_STACKS.filter((name) => statuses.get(name));
  const lines = [
    `stack ${wanted.stacks[failedAt]} failed; stopped. Not yet done: ${wanted.stacks.slice(failedAt + 1).join(', ') || 'nothing'}`,
    `stacks of stage ${wanted.stage} that exist now: ${existing.map((name) => `${stackNameOf(wanted.stage, name)} (${statuses.get(name)})`).join(', ') || 'none'}`,
  ];
  const rolledBack = existing.filter((name) => statuses.get(name) === 'ROLLBACK_COMPLETE');
  if (rolledBack.length > 0)
    lines.push(
      `a stack in ROLLBACK_COMPLETE cannot be updated, only removed first: npm run deploy -- --stage ${wanted.stage} --remove --only ${rolledBack.join(',')}`,
    );
  if (wanted.action === 'deploy')
    lines.push(
      `resume: npm run deploy -- --stage ${wanted.stage} --only ${wanted.stacks.slice(failedAt).join(',')} (same options)`,
    );
  else
    lines.push(
      `retry the removal: npm run deploy -- --stage ${wanted.stage} --remove (stacks already gone are skipped)`,
    );
  lines.push(`or remove what exists: npm run deploy -- --stage ${wanted.stage} --remove`);
  return lines.join('\n');
}

/** The commands a removal really runs: stacks that do not exist are skipped (a half-done first deploy). */
async function withoutAbsentStacks(wanted: Plan): Promise<Plan> {
  const statuses = await stackStatuses(wanted.stage, wanted.stacks, wanted.region);
  const absent = wanted.stacks.filter((name) => !statuses.get(name));
  if (absent.length > 0)
    console.log(`skipped, not deployed: ${absent.map((name) => stackNameOf(wanted.stage, name)).join(', ')}`);
  const keep = wanted.stacks.map((name) => Boolean(statuses.get(name)));
  return {
    ...wanted,
    stacks: wanted.stacks.filter((_, i) => keep[i]),
    commands: wanted.commands.filter((_, i) => keep[i]),
  };
}

async function main(argv: string[]): Promise<number> {
  const planned = plan(argv);
  console.log(`${planned.action} stage ${planned.stage}: ${planned.stacks.join(' → ')}`);
  const wanted = planned.action === 'remove' && !planned.dryRun ? await withoutAbsentStacks(planned) : planned;
  if (wanted.action === 'deploy' && !wanted.dryRun) {
    const made = await ensureCursorSecret(wanted.stage, wanted.region, process.env.CURSOR_SECRET);
    console.log(
      `cursor key parameter /store-api/${wanted.stage}/cursor-secret: ${made === 'created' ? 'created' : 'exists, kept'}`,
    );
  }
  const switched =
    wanted.action === 'deploy' && !wanted.dryRun ? await activeTableParams(wanted.stage, wanted.region) : [];
  if (switched.length > 0)
    console.log(
      `table: ${switched[0]!.split('=')[2]}, named by ${tableNameParameter(wanted.stage)} (the stage's own table is kept as it is)`,
    );
  for (const [i, planned] of wanted.commands.entries()) {
    const args = [...planned, ...switched];
    console.log(`\n[${i + 1}/${wanted.commands.length}] serverless ${args.join(' ')}`);
    if (wanted.dryRun) continue;
    const started = Date.now();
    const code = await runServerless(args);
    if (code !== 0) {
      console.error(
        `\n${partialStateReport(wanted, i, await stackStatuses(wanted.stage, SPLIT_STACKS, wanted.region))}`,
      );
      return code;
    }
    console.log(`stack ${wanted.stacks[i]}: done in ${Math.round((Date.now() - started) / 1000)} s`);
    if (wanted.action === 'deploy' && wanted.stacks[i] === 'core')
      await migrateDeployedStage(wanted.stage, wanted.region);
  }
  if (wanted.action === 'remove' && !wanted.dryRun && planned.stacks.includes('core')) {
    console.log(
      `cursor key parameter /store-api/${wanted.stage}/cursor-secret: ${await deleteCursorSecret(wanted.stage, wanted.region)}`,
    );
    console.log(
      `table switch ${tableNameParameter(wanted.stage)}: ${await deleteTableSwitch(wanted.stage, wanted.region)} (a restored table is never removed with the stage)`,
    );
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
