/**
 * Global setup of the `emulator` project: starts `npm run deploy:check -- --upgrade` (scripts/deploy-check.ts) in a
 * process group of its own as soon as the run starts, so that its deploys to moto run beside the unit, deploy and
 * server projects instead of before them, and hands test/emulator/deploy.test.ts (in the last group) the files it
 * waits for: the JSON report, the log, and a marker written when the check exits. A run that ends first stops it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { SupervisedGroup } from '../../scripts/lib/process-group.js';
import { repoRoot } from '../../scripts/lib/repo.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The deploy check's JSON report (DeployCheckReport), written when it ends. */
    deployCheckReport: string;
    /** Everything the check printed. */
    deployCheckLog: string;
    /** Written with how the check's process ended, report or not. */
    deployCheckExit: string;
  }
}

const LOG_DIR = join(repoRoot, '.data', 'test-logs');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(LOG_DIR, { recursive: true });
  const files = {
    deployCheckReport: join(LOG_DIR, 'deploy-check.json'),
    deployCheckLog: join(LOG_DIR, 'deploy-check.log'),
    deployCheckExit: join(LOG_DIR, 'deploy-check.exit'),
  };
  for (const file of [files.deployCheckReport, files.deployCheckExit]) rmSync(file, { force: true });
  // Not this process's environment as the server project's global setup leaves it (its DynamoDB Local's endpoint
  // and table): the check talks to moto alone.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^AWS_ENDPOINT_URL_/.test(name) && name !== 'TABLE_NAME'),
  );
  const args = [
    '--import',
    'tsx',
    join(repoRoot, 'scripts/deploy-check.ts'),
    '--stage',
    'emu',
    '--upgrade',
    // Then an api=http stage: its HTTP API read back and smoke requests run by its deployed functions.
    '--http',
    '--report',
    files.deployCheckReport,
  ];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const check = await SupervisedGroup.start('deploy check', child, { logFile: files.deployCheckLog });
  void check.exited().then((how) => writeFileSync(files.deployCheckExit, how));
  for (const [key, file] of Object.entries(files)) project.provide(key as keyof typeof files, file);
  return () => check.stop(30_000);
}
