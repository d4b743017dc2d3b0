/**
 * Runs the real deploy of every stack against moto, the AWS-API emulator, and proves what it created
 * (docs/deploy.md, "Checking a deploy against an emulator"):
 *   npm run deploy:check [-- --stage check] [--keep] [--upgrade] [--http | --http-only] [--report FILE]
 * 1. starts moto_server on a free port (scripts/lib/moto-server.py: moto with its CloudFormation gaps closed);
 * 2. with `--upgrade`: deploys the last released layout (scripts/lib/released-layout.ts) with its own scripts;
 *    then writes data through the admin command line;
 * 3. `npm run deploy -- --stage <stage>` with AWS_ENDPOINT_URL pointing at it, every optional resource switched on
 *    (CHECK_PARAMS: alarm e-mail, tracing, managed WAF, custom domain);
 * 4. reads every resource back through the AWS APIs and compares it with the code (scripts/lib/stage-check.ts,
 *    scripts/lib/operations-check.ts), and the data written before the upgrade;
 * 5. deploys again: nothing may change; 6. rotates the cursor key;
 * 7. the restore drill: `npm run admin -- restore --switch` into a new table (items per kind and a sample read back),
 *    the change feed's stack deployed onto it and read back, then switched back to the stage's own table;
 * 8. removes one domain stack, then the stage, whose removal must skip it: nothing may be left; 9. stops moto.
 * With `--http`, an `api: http` stage (http<stage>) is deployed, checked and removed beside steps 3–8 (httpBeside).
 * Exits 1 at the first failed step or with any difference. `--keep` leaves the stage and moto running.
 * moto runs no Lambda code: the handlers are proven by the offline suites, not here.
 */

import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteTableCommand, DescribeContinuousBackupsCommand } from '@aws-sdk/client-dynamodb';
import { httpBeside, httpStage } from './lib/deploy-check-http.js';
import { type AwsClients, awsClients, type DeployedStage, readDeployedStage } from './lib/deployed-stage.js';
import { motoProcessEnv, startMoto } from './lib/moto.js';
import { moveDrill } from './lib/move-stage-check.js';
import { checkOperations, operationsLeft, readOperations } from './lib/operations-check.js';
import { stopAllGroups } from './lib/process-group.js';
import { checkQueues } from './lib/queue-check.js';
import { checkoutReleasedLayout, packageReleasedAsHere, RELEASED_LAYOUT } from './lib/released-layout.js';
import { repoRoot } from './lib/repo.js';
import { restoredTableName } from './lib/restore.js';
import { runScript } from './lib/run-script.js';
import {
  checkFunctions,
  checkLogGroups,
  checkNothingLeft,
  checkRoles,
  checkRouteKeys,
  checkRoutes,
  checkStacks,
  checkStageSettings,
  checkTable,
} from './lib/stage-check.js';
import { expectedPolicies, type ResolvedConfig, resolveConfig, stageParam } from './lib/stage-expectations.js';
import { checkStackUsesTable } from './lib/switch-check.js';

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

/** What the check switches on beyond the defaults, so that every optional resource is deployed and read back. */
export const checkParams = (stage: string) => [
  '--param=alarmEmail=ops@example.com',
  '--param=tracing=true',
  '--param=waf=managed',
  `--param=customDomainName=api.${stage}.example.com`,
  `--param=customDomainCertificateArn=arn:aws:acm:${REGION}:123456789012:certificate/deploy-check`,
];

/** An upgraded stage's data, written by the released layout's admin command line and read back after the upgrade. */
const UPGRADE_USER = 'upgrade-check@example.com';

/** The checks of a deployed stage against the code, by area. */
async function compare(
  deployed: DeployedStage,
  env: NodeJS.ProcessEnv,
  configOf: (stage: string) => Promise<ResolvedConfig>,
): Promise<string[]> {
  const config = await configOf(deployed.stage);
  const tableArn = deployed.table?.description.TableArn;
  // The change feed's consumer may read the table's stream: its grants name the stream the table has now.
  const streamArn = deployed.table?.description.LatestStreamArn;
  const policies = tableArn
    ? await expectedPolicies(
        deployed.stage,
        tableArn,
        streamArn,
        String(stageParam(config, deployed.stage, 'tracing')) === 'true',
      )
    : new Map();
  return [
    ...checkStacks(deployed, SPLIT_STACKS),
    ...checkRoutes(deployed),
    ...checkRouteKeys(deployed),
    ...checkFunctions(deployed, config),
    ...checkRoles(deployed, policies),
    ...checkLogGroups(deployed, config),
    ...checkStageSettings(deployed, config),
    ...checkTable(deployed, config),
    // The change feed's queues and their wiring (issue 28).
    ...(await checkQueues(deployed.stage, REGION, env)),
    ...checkOperations(
      deployed,
      await readOperations(deployed.stage, deployed.restApiIds[0], config, REGION, env),
      config,
    ),
  ];
}

/**
 * The restore drill as a team runs it: `npm run admin -- restore --switch` to the latest restorable time, its report
 * checked; `redeploy` then deploys what should follow the switch, checked by `onRestored` (given the restored table).
 * The restored table is deleted at the end, whatever happened.
 */
export async function restoreDrill(
  aws: AwsClients,
  stage: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  onRestored: (table: string) => Promise<string[]> = async () => [],
): Promise<string[]> {
  const backups = await aws.dynamodb.send(new DescribeContinuousBackupsCommand({ TableName: `store-api-${stage}` }));
  const to = backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.LatestRestorableDateTime;
  if (!to) return ['the table reports no latest restorable time'];
  const restored = restoredTableName(`store-api-${stage}`, to);
  const { code, output } = await runScript(
    repoRoot,
    'admin.ts',
    ['restore', '--stage', stage, '--to', to.toISOString(), '--region', REGION, '--switch'],
    env,
    log,
  );
  const problems = code === 0 ? await onRestored(restored) : [`npm run admin -- restore exited with ${code}`];
  await aws.dynamodb.send(new DeleteTableCommand({ TableName: restored })).catch(() => undefined);
  // Every kind of item counted in both tables; the data written through the admin command line is there.
  const rows = output.filter((line) => /^ {2}\S+\s+\d+\s+\d+$/.test(line)).map((line) => line.trim().split(/\s+/));
  for (const [kind, now, restored] of rows)
    if (now !== restored) problems.push(`restored ${kind}: ${restored} items, the table holds ${now}`);
  if (!rows.some(([kind, , restored]) => kind === 'LOGIN' && Number(restored) > 0))
    problems.push('the restored table holds no LOGIN item (the admin user)');
  if (!output.some((line) => /read back [1-9]\d* sampled items/.test(line)))
    problems.push('no sampled item was read back');
  if (!output.some((line) => line.includes(`/store-api/${stage}/table-name = ${restored}`)))
    problems.push('restore --switch did not switch the stage to the restored table');
  return problems;
}

/** Deploy, check, redeploy, remove, against a moto_server of its own; stops it whatever happens. */
export async function deployCheck(
  options: {
    stage?: string;
    keep?: boolean;
    upgrade?: boolean;
    /** Also deploy an `api: http` stage (`<stage>http`), read its HTTP API back and send smoke requests through it. */
    http?: boolean;
    /** Only the `api: http` stage (`--http-only`): its deploy, read-back, smoke requests and removal. */
    httpOnly?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<DeployCheckReport> {
  const stage = options.stage ?? 'check';
  const log = options.log ?? ((line: string) => console.log(line));
  const steps: StepResult[] = [];
  // The released layout's templates were linted when it was released: moto lints only what this code deploys.
  const lintPauseFile = join(tmpdir(), `store-api-deploy-check-${process.pid}-lint-paused`);
  const moto = await startMoto({ lintPauseFile });
  log(`moto_server at ${moto.endpoint}`);
  // A team upgrading from the released layout still exports the CURSOR_SECRET that layout needed: the first deploy of
  // this one keeps it as the SSM parameter's current key, so no cursor in flight breaks.
  const shellSecret = 'released-layout-cursor-secret-0123456789';
  const env = { ...motoProcessEnv(process.env, moto), ...(options.upgrade ? { CURSOR_SECRET: shellSecret } : {}) };
  const aws = awsClients(REGION, moto.env);
  // `serverless print` of the stage with the check's params: the same answer every time (the code does not change
  // during the check), so printed once, not once per step.
  let printed: Promise<ResolvedConfig> | undefined;
  const configOf = (checked: string) => {
    if (checked !== stage) return resolveConfig(checked, env, checkParams(checked));
    printed ??= resolveConfig(stage, env, checkParams(stage));
    return printed;
  };
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
  const deploy =
    (...extra: string[]) =>
    async () => {
      const { code } = await runScript(
        repoRoot,
        'deploy.ts',
        ['--stage', stage, '--region', REGION, ...extra],
        env,
        log,
      );
      return code === 0 ? [] : [`npm run deploy -- --stage ${stage} ${extra.join(' ')} exited with ${code}`];
    };
  const admin = async (root: string, ...args: string[]) => {
    const { code, output } = await runScript(root, 'admin.ts', [...args, '--stage', stage], env, log);
    return code === 0
      ? { problems: [], output }
      : { problems: [`npm run admin -- ${args.join(' ')} exited with ${code}`], output };
  };
  const writeData = async (root: string) => [
    ...(await admin(root, 'create-user', '--email', UPGRADE_USER, '--type', 'A', '--root', '--firstname', 'Upgrade'))
      .problems,
    ...(await admin(root, 'enable-api', '--email', UPGRADE_USER)).problems,
  ];
  const readData = async () => {
    const { problems, output } = await admin(repoRoot, 'show-user', '--email', UPGRADE_USER);
    return [
      ...problems,
      ...(output.some((line) => line.includes(UPGRADE_USER))
        ? []
        : [`${UPGRADE_USER}, written before, is not read back`]),
    ];
  };
  const released = (label: string) => async () => {
    const checkout = await checkoutReleasedLayout();
    await packageReleasedAsHere(checkout);
    writeFileSync(lintPauseFile, '');
    try {
      const { code } = await runScript(checkout.root, 'deploy.ts', ['--stage', stage, '--region', REGION], env, log);
      if (code !== 0) return [`the released layout's npm run deploy exited with ${code}`];
      // Awaited here: the checkout is removed right after.
      return await writeData(checkout.root);
    } finally {
      rmSync(lintPauseFile, { force: true });
      log(`   ${label}: ${RELEASED_LAYOUT}`);
      await checkout.remove();
    }
  };
  let httpRun: Promise<boolean> | undefined;
  try {
    if (options.httpOnly) {
      const httpOk = await httpStage(stage, env, moto.env, step, log);
      return { stage, steps, ok: httpOk && steps.every((s) => s.problems.length === 0) };
    }
    let before: DeployedStage | undefined;
    const startHttp = () => {
      if (options.http) httpRun = httpBeside(stage, env, moto.env, step, log);
      return true;
    };
    const ok =
      (!options.upgrade ||
        (await step(
          'deploy the released layout and write data through its admin command line',
          released('released layout'),
        ))) &&
      // From here the http stage deploys beside the REST stage (after the released layout: moto lints its templates).
      startHttp() &&
      (await step('deploy every stack', deploy(...checkParams(stage)))) &&
      (await step('read back and compare with the code', async () => {
        // Data first: the table's description (its item count) is part of what the second deploy must not change.
        const written = options.upgrade ? [] : await writeData(repoRoot);
        before = await readDeployedStage(aws, stage);
        log(
          `   read back: ${before.stacks.length} stacks, ${before.routes.length} methods, ${before.functions.length} functions, ${before.roles.length} roles, ${before.logGroups.length} log groups`,
        );
        const problems = await compare(before, env, configOf);
        if (!options.upgrade) return [...problems, ...written];
        const config = await configOf(stage);
        const kept =
          (await readOperations(stage, before.restApiIds[0], config, REGION, env)).cursorKey?.current === shellSecret;
        return [
          ...problems,
          ...(await readData()),
          ...(kept ? [] : ["the upgrade did not keep the shell's CURSOR_SECRET as the current cursor key"]),
        ];
      })) &&
      (await step('deploy again: nothing changes', async () => {
        const problems = await deploy(...checkParams(stage))();
        if (problems.length > 0) return problems;
        const after = await readDeployedStage(aws, stage);
        const changed = (stage: DeployedStage) => JSON.stringify({ ...stage, stageSettings: undefined });
        return changed(after) === changed(before!) ? [] : ['the second deploy changed what the first created'];
      })) &&
      (await step('rotate the cursor key, keeping the previous one', async () => {
        const rotated = await admin(repoRoot, 'rotate-cursor-secret', '--region', REGION);
        const config = await configOf(stage);
        const keys = (await readOperations(stage, before!.restApiIds[0], config, REGION, env)).cursorKey;
        const overlap =
          keys?.previousCount === 1
            ? []
            : [`after a rotation the cursor key parameter holds ${keys?.previousCount} previous keys, not 1`];
        return [...rotated.problems, ...overlap];
      })) &&
      (await step('move a store in and out of the stage: import an export folder, export it back', () =>
        moveDrill((...args) => admin(repoRoot, ...args)),
      )) &&
      (await step('restore the table into a new one, switch the stage to it and back', () =>
        restoreDrill(aws, stage, env, log, async (restored) => {
          // The change feed's stack alone: its consumer, its trigger and its grants show the switch (the other stacks
          // take it the same way, through the same params); the admin command line follows it too.
          const onto = [
            ...(await deploy('--only', 'events', ...checkParams(stage))()),
            ...(await checkStackUsesTable(aws, stage, restored)),
          ];
          const read = await readData();
          const back = (await admin(repoRoot, 'switch-table', '--table', `store-api-${stage}`, '--region', REGION))
            .problems;
          const returned = [
            ...(await deploy('--only', 'events', ...checkParams(stage))()),
            ...(await checkStackUsesTable(aws, stage, `store-api-${stage}`)),
          ];
          return [
            ...onto.map((p) => `switched: ${p}`),
            ...read.map((p) => `switched: ${p}`),
            ...back,
            ...returned.map((p) => `back: ${p}`),
          ];
        }),
      )) &&
      (options.keep ||
        ((await step('remove a half-deployed stage: one stack first, then the rest, skipping it', async () => {
          const problems = await deploy('--remove', '--only', 'webhooks')();
          if (problems.length > 0) return problems;
          const { code, output } = await runScript(
            repoRoot,
            'deploy.ts',
            ['--stage', stage, '--region', REGION, '--remove'],
            env,
            log,
          );
          const skipped = output.some((line) => line.includes(`skipped, not deployed: store-api-${stage}-webhooks`));
          return [
            ...(code === 0 ? [] : [`npm run deploy -- --remove exited with ${code}`]),
            ...(skipped ? [] : ['the removal did not say it skipped the absent webhooks stack']),
          ];
        })) &&
          (await step('nothing of the stage is left', async () => {
            const config = await configOf(stage);
            return [
              ...checkNothingLeft(await readDeployedStage(aws, stage)),
              ...operationsLeft(await readOperations(stage, before?.restApiIds[0], config, REGION, env)),
            ];
          }))));
    const httpOk = !options.http || (httpRun !== undefined && (await httpRun));
    return { stage, steps, ok: Boolean(ok) && httpOk && steps.every((s) => s.problems.length === 0) };
  } finally {
    await httpRun?.catch(() => false);
    aws.destroy();
    if (!options.keep) await moto.stop();
    else
      log(
        `\nkept: stage ${stage} on moto_server ${moto.endpoint} (pid ${moto.process.pid}); stop it with kill -- -${moto.process.pid}`,
      );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const stageAt = argv.indexOf('--stage');
  const started = Date.now();
  // --report FILE: the report as JSON too, for a caller in another process (test/emulator/background-check.ts).
  const reportAt = argv.indexOf('--report');
  const writeReport = (report: DeployCheckReport | { ok: false; error: string }) => {
    if (reportAt >= 0) writeFileSync(argv[reportAt + 1]!, JSON.stringify(report));
  };
  deployCheck({
    stage: stageAt >= 0 ? argv[stageAt + 1] : undefined,
    keep: argv.includes('--keep'),
    upgrade: argv.includes('--upgrade'),
    http: argv.includes('--http'),
    httpOnly: argv.includes('--http-only'),
  }).then(
    (report) => {
      writeReport(report);
      console.log(
        `\ndeploy check of stage ${report.stage}: ${report.ok ? 'PASSED' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      for (const s of report.steps)
        console.log(`  ${s.problems.length === 0 ? 'ok  ' : 'FAIL'} ${s.step} (${s.seconds} s)`);
      process.exit(report.ok ? 0 : 1);
    },
    async (error: unknown) => {
      console.error(error);
      writeReport({ ok: false, error: String((error as Error)?.stack ?? error) });
      await stopAllGroups();
      process.exit(1);
    },
  );
}
