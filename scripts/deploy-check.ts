/**
 * Runs the real deploy of every stack against moto, the AWS-API emulator, and proves what it created
 * (docs/deploy.md, "Checking a deploy against an emulator"):
 *   npm run deploy:check [-- --stage check] [--keep]
 * 1. starts moto_server on a free port (scripts/lib/moto-server.py: moto with its CloudFormation export gaps closed);
 * 2. `npm run deploy -- --stage <stage>` with AWS_ENDPOINT_URL pointing at it;
 * 3. reads every resource back through the AWS APIs and compares it with the code (scripts/lib/stage-check.ts);
 * 4. deploys again: nothing may change; 5. removes the stage: nothing may be left; 6. stops moto.
 * Exits 1 at the first failed step or with any difference. `--keep` leaves the stage and moto running.
 * moto runs no Lambda code: the handlers are proven by the offline suites, not here.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { awsClients, readDeployedStage, type DeployedStage } from './lib/deployed-stage.js';
import { startMoto } from './lib/moto.js';
import { stopAllGroups } from './lib/process-group.js';
import { repoRoot } from './lib/repo.js';
import { checkFunctions, checkLogGroups, checkNothingLeft, checkRoles, checkRouteKeys, checkRoutes, checkStacks, checkStageSettings, checkTable } from './lib/stage-check.js';
import { expectedPolicies, resolveConfig, stageParam } from './lib/stage-expectations.js';

const require = createRequire(import.meta.url);
const { SPLIT_STACKS } = require('../infra/stack-size.cjs') as { SPLIT_STACKS: string[] };
const REGION = 'us-east-1';

export interface StepResult {
  step: string;
  seconds: number;
  /** Differences found; empty: the step proved what it should. */
  problems: string[];
}

export interface DeployCheckReport {
  stage: string;
  steps: StepResult[];
  ok: boolean;
}

/** `npm run deploy -- …` with `env`, its output passed through (or to `log`). */
function runDeploy(args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/deploy.ts'), ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      let rest = '';
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) log(line);
      });
    }
    child.on('error', fail);
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** The checks of a deployed stage against the code, by area. */
async function compare(deployed: DeployedStage, env: NodeJS.ProcessEnv): Promise<string[]> {
  const config = await resolveConfig(deployed.stage, env);
  const tableArn = deployed.table?.description.TableArn;
  // The change feed's consumer may read the table's stream: its grants name the stream the table has now.
  const streamArn = deployed.table?.description.LatestStreamArn;
  const policies = tableArn ? await expectedPolicies(deployed.stage, tableArn, streamArn, String(stageParam(config, deployed.stage, 'tracing')) === 'true') : new Map();
  return [
    ...checkStacks(deployed, SPLIT_STACKS),
    ...checkRoutes(deployed),
    ...checkRouteKeys(deployed),
    ...checkFunctions(deployed, config),
    ...checkRoles(deployed, policies),
    ...checkLogGroups(deployed, config),
    ...checkStageSettings(deployed, config),
    ...checkTable(deployed, config),
  ];
}

/** Deploy, check, redeploy, remove, against a moto_server of its own; stops it whatever happens. */
export async function deployCheck(options: { stage?: string; keep?: boolean; log?: (line: string) => void } = {}): Promise<DeployCheckReport> {
  const stage = options.stage ?? 'check';
  const log = options.log ?? ((line: string) => console.log(line));
  const steps: StepResult[] = [];
  const moto = await startMoto();
  log(`moto_server at ${moto.endpoint}`);
  const env = { ...process.env, ...moto.env };
  const aws = awsClients(REGION, moto.env);
  const step = async (name: string, body: () => Promise<string[]>): Promise<boolean> => {
    const started = Date.now();
    log(`\n== ${name}`);
    const problems = await body().catch((error: Error) => [`${name} threw: ${error.stack ?? error.message}`]);
    const result = { step: name, seconds: Math.round((Date.now() - started) / 1000), problems };
    steps.push(result);
    log(`== ${name}: ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`} in ${result.seconds} s`);
    for (const problem of problems) log(`   ${problem}`);
    return problems.length === 0;
  };
  const deploy = (...extra: string[]) => async () => {
    const code = await runDeploy(['--stage', stage, '--region', REGION, ...extra], env, log);
    return code === 0 ? [] : [`npm run deploy -- --stage ${stage} ${extra.join(' ')} exited with ${code}`];
  };
  try {
    let before: DeployedStage | undefined;
    const ok =
      (await step('deploy every stack', deploy())) &&
      (await step('read back and compare with the code', async () => {
        before = await readDeployedStage(aws, stage);
        log(`   read back: ${before.stacks.length} stacks, ${before.routes.length} methods, ${before.functions.length} functions, ${before.roles.length} roles, ${before.logGroups.length} log groups`);
        return compare(before, env);
      })) &&
      (await step('deploy again: nothing changes', async () => {
        const problems = await deploy()();
        if (problems.length > 0) return problems;
        const after = await readDeployedStage(aws, stage);
        const changed = (stage: DeployedStage) => JSON.stringify({ ...stage, stageSettings: undefined });
        return changed(after) === changed(before!) ? [] : ['the second deploy changed what the first created'];
      })) &&
      (options.keep ||
        ((await step('remove every stack', deploy('--remove'))) &&
          (await step('nothing of the stage is left', async () => checkNothingLeft(await readDeployedStage(aws, stage))))));
    return { stage, steps, ok: Boolean(ok) && steps.every((s) => s.problems.length === 0) };
  } finally {
    aws.destroy();
    if (!options.keep) await moto.stop();
    else log(`\nkept: stage ${stage} on moto_server ${moto.endpoint} (pid ${moto.process.pid}); stop it with kill -- -${moto.process.pid}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const stageAt = argv.indexOf('--stage');
  const started = Date.now();
  deployCheck({ stage: stageAt >= 0 ? argv[stageAt + 1] : undefined, keep: argv.includes('--keep') }).then(
    (report) => {
      console.log(`\ndeploy check of stage ${report.stage}: ${report.ok ? 'PASSED' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
      for (const s of report.steps) console.log(`  ${s.problems.length === 0 ? 'ok  ' : 'FAIL'} ${s.step} (${s.seconds} s)`);
      process.exit(report.ok ? 0 : 1);
    },
    async (error: unknown) => {
      console.error(error);
      await stopAllGroups();
      process.exit(1);
    },
  );
}
