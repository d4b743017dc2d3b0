import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DeployCheckReport } from '../../scripts/deploy-check.js';

/**
 * `npm run deploy:check -- --upgrade` as a test: the last released layout deployed to moto (the AWS-API emulator,
 * on a free port of its own) with data written through its admin command line, then every stack upgraded by
 * `npm run deploy` with every optional resource on, read back through the AWS APIs and compared with the code (and
 * the data read back), deployed again, the cursor key rotated, a store imported and exported with --stage, the restore drill run (restored, checked, switched to and back), one stack removed and then
 * the rest, and moto stopped (docs/deploy.md, "Checking a deploy against an emulator"). A failed deploy fails the
 * first test; each later test names the differences its step found. Moto runs no Lambda code.
 * The check itself runs in the background from the start of the run (test/emulator/background-check.ts); this file,
 * in the last group, waits for its report.
 */
describe('the deploy of every stack, against moto', () => {
  let report: DeployCheckReport;
  let output: string[] = [];
  const problemsOf = (step: string) => {
    const found = report.steps.find((s) => s.step === step);
    expect(found, `step "${step}" did not run; output:\n${output.slice(-60).join('\n')}`).toBeDefined();
    return found!.problems;
  };

  beforeAll(async () => {
    while (!existsSync(inject('deployCheckExit'))) await delay(1_000);
    output = readFileSync(inject('deployCheckLog'), 'utf8').split('\n');
    const written = existsSync(inject('deployCheckReport'))
      ? JSON.parse(readFileSync(inject('deployCheckReport'), 'utf8'))
      : undefined;
    expect(
      written?.steps,
      `the deploy check ${readFileSync(inject('deployCheckExit'), 'utf8')} without a report${written?.error ? ` (${written.error})` : ''}:\n${output.slice(-60).join('\n')}`,
    ).toBeDefined();
    report = written;
    console.log(`[emulator] ${report.steps.map((s) => `${s.step} ${s.seconds} s`).join(', ')}`);
  }, 1_500_000);
  afterAll(() => {
    if (report && !report.ok) console.log(output.slice(-200).join('\n'));
  });

  it('upgrades a stage of the released layout holding data: core and every domain stack', () => {
    expect(problemsOf('deploy the released layout and write data through its admin command line')).toEqual([]);
    expect(problemsOf('deploy every stack')).toEqual([]);
  });

  it('creates exactly what the code says: stacks, routes and integrations, functions, roles and grants, log groups, stage settings, table, alarms, dashboard, cursor key, tracing, WAF, domain; keeps the data', () => {
    expect(problemsOf('read back and compare with the code')).toEqual([]);
  });

  it('changes nothing when deployed again', () => {
    expect(problemsOf('deploy again: nothing changes')).toEqual([]);
  });

  it('rotates the cursor key with an overlap (the previous key kept)', () => {
    expect(problemsOf('rotate the cursor key, keeping the previous one')).toEqual([]);
  });

  it('moves a store into the stage and out again: import --stage writes an export folder under its ids, export --stage reads it back', () => {
    expect(problemsOf('move a store in and out of the stage: import an export folder, export it back')).toEqual([]);
  });

  it('restores the table into a new one holding as many items of every kind, reads a sample back, and switches the stage to it and back only when asked', () => {
    expect(problemsOf('restore the table into a new one, switch the stage to it and back')).toEqual([]);
  });

  it('removes a half-deployed stage, skipping the absent stack, and leaves nothing of it: no stack, bucket, role, log group, function, REST API, table, alarm, dashboard, WebACL or key', () => {
    expect(problemsOf('remove a half-deployed stage: one stack first, then the rest, skipping it')).toEqual([]);
    expect(problemsOf('nothing of the stage is left')).toEqual([]);
  });

  it("deploys an api=http stage whose HTTP API has exactly the code's routes, answers smoke requests of every kind of route by running the deployed functions, and removes it", () => {
    const deploy = report.steps.find((s) => s.step.startsWith('deploy an http stage'));
    expect(deploy?.problems, 'the http stage was not deployed').toEqual([]);
    expect(problemsOf('read back the HTTP API and compare with the code')).toEqual([]);
    expect(problemsOf('smoke requests through the HTTP API, each run by its deployed function')).toEqual([]);
    expect(problemsOf('remove the http stage: nothing of it is left')).toEqual([]);
  });
});
