/**
 * `npm run bench -- --help` prints its usage and starts nothing; an interrupted bench leaves no temporary folder
 * behind (its bundles went into a private TMPDIR that goes with the process, Ctrl-C included).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';

const BENCH = ['--import', 'tsx', 'bench/run.ts'];

/** The bench's private TMPDIR, named after its pid (scripts/lib/scratch-dir.ts). */
const scratchOf = (pid: number) =>
  readdirSync(tmpdir())
    .filter((name) => name.startsWith(`store-api-tmp-${pid}-`))
    .map((name) => join(tmpdir(), name));

describe('npm run bench', () => {
  it.each(['--help', '-h'])('%s prints the usage and exits 0 without starting anything', (flag) => {
    const run = spawnSync(process.execPath, [...BENCH, flag], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run bench/);
    for (const documented of ['--json', '--change-feed', '--help']) expect(run.stdout).toContain(documented);
    expect(run.stdout).not.toContain('Bundling');
    expect(scratchOf(run.pid!)).toEqual([]);
  });

  it('interrupted while it bundles (Ctrl-C), it exits 130 and its temporary folder is gone', async () => {
    const bench = spawn(process.execPath, BENCH, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    bench.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    bench.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(bench, 'exit');
    try {
      // Wait until the bundles' folder exists inside the bench's own TMPDIR: what an interrupted run used to leave
      // in /tmp (28 MB). Not there within 40 s means the bench does not use a TMPDIR of its own.
      const giveUp = Date.now() + 40_000;
      let scratch: string[] = [];
      while (!scratch.some((dir) => readdirSync(dir).some((name) => name.startsWith('store-api-bench-bundles-')))) {
        expect(bench.exitCode, output).toBeNull();
        expect(
          Date.now() < giveUp,
          `no store-api-bench-bundles-* in a store-api-tmp-${bench.pid}-* folder:\n${output}`,
        ).toBe(true);
        await delay(100);
        scratch = scratchOf(bench.pid!);
      }
      bench.kill('SIGINT');
      const [code] = await exited;
      expect(code, output).toBe(130);
      expect(output).toContain('SIGINT: stopping');
      for (const dir of scratch) expect(existsSync(dir), dir).toBe(false);
    } finally {
      // A failed assertion must not leave a benchmark running.
      if (bench.exitCode === null && bench.signalCode === null) bench.kill('SIGINT');
    }
  }, 60_000);
});
