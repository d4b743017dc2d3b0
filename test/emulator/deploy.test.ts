import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCheck, type DeployCheckReport } from '../../scripts/deploy-check.js';

/**
 * `npm run deploy:check` as a test: every stack deployed by `npm run deploy` to moto (the AWS-API emulator,
 * on a free port of its own), read back through the AWS APIs and compared with the code, deployed again,
 * removed, and moto stopped (docs/deploy.md, "Checking a deploy against an emulator"). A failed deploy fails
 * the first test; each later test names the differences its step found. Moto runs no Lambda code.
 */
describe('the deploy of every stack, against moto', () => {
  let report: DeployCheckReport;
  const output: string[] = [];
  const problemsOf = (step: string) => {
    const found = report.steps.find((s) => s.step === step);
    expect(found, `step "${step}" did not run; output:\n${output.slice(-60).join('\n')}`).toBeDefined();
    return found!.problems;
  };

  beforeAll(async () => {
    report = await deployCheck({ stage: 'emu', log: (line) => output.push(line) });
    console.log(`[emulator] ${report.steps.map((s) => `${s.step} ${s.seconds} s`).join(', ')}`);
  }, 1_500_000);
  afterAll(() => {
    if (report && !report.ok) console.log(output.slice(-200).join('\n'));
  });

  it('deploys core and every domain stack', () => {
    expect(problemsOf('deploy every stack')).toEqual([]);
  });

  it('creates exactly what the code says: stacks, routes and integrations, functions, roles and grants, log groups, stage settings, table', () => {
    expect(problemsOf('read back and compare with the code')).toEqual([]);
  });

  it('changes nothing when deployed again', () => {
    expect(problemsOf('deploy again: nothing changes')).toEqual([]);
  });

  it('removes every stack and leaves no stack, bucket, role, log group, function, REST API or table', () => {
    expect(problemsOf('remove every stack')).toEqual([]);
    expect(problemsOf('nothing of the stage is left')).toEqual([]);
  });
});
