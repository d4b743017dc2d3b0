/**
 * docs/deploy.md "Trying a deploy on the emulator first", by hand: its block starts moto in the background and must
 * wait until moto answers before anything talks to it (pasted without the wait, the deploy ran at once and failed with
 * "Requested resource not found"). The block's lines up to the first command that talks to AWS — the start and the
 * wait — and its last line (`kill %1`) run here as written, but on a free port instead of 5000 and with the log in
 * .data/; right after them moto must answer. And when moto cannot start, the wait says so and ends.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pollUntil } from '../../scripts/lib/poll.js';
import { freePort } from '../../scripts/lib/ports.js';
import { repoRoot } from '../../scripts/lib/repo.js';
import { shellBlocksOfFile } from '../support/doc-shell.js';

const LOG = '.data/test-logs/runbook-moto.log';

/** The by-hand block's start and wait (every line before `unset`), and its last line, on `port`. */
function startAndWait(port: number): { lines: string; stop: string } {
  const block = shellBlocksOfFile('docs/deploy.md', 'Trying a deploy on the emulator first').find((text) =>
    text.includes('moto-server.py'),
  );
  expect(block, 'the by-hand block').toBeDefined();
  const onPort = block!.replaceAll('5000', String(port)).replaceAll('moto.log', LOG).trimEnd().split('\n');
  const firstAws = onPort.findIndex((line) => line.startsWith('unset '));
  expect(firstAws).toBeGreaterThan(1);
  return { lines: onPort.slice(0, firstAws).join('\n'), stop: onPort.at(-1)! };
}

function bash(script: string) {
  mkdirSync(join(repoRoot, '.data/test-logs'), { recursive: true });
  return spawnSync('bash', ['-c', script], { cwd: repoRoot, encoding: 'utf8', timeout: 90_000 });
}

describe('docs/deploy.md: moto started by hand', () => {
  it('the documented wait returns once moto answers, and the last line stops it', async () => {
    const port = await freePort();
    const { lines, stop } = startAndWait(port);
    expect(stop).toMatch(/^kill %1\b/);
    const answers = `curl -sf -o /dev/null http://127.0.0.1:${port}/moto-api/ && echo ANSWERS || echo SILENT`;
    const run = bash([lines, answers, stop, 'wait', answers].join('\n'));
    expect(run.stdout.trim().split('\n'), `${run.stdout}\n${run.stderr}\n${readFileSync(join(repoRoot, LOG))}`).toEqual(
      ['ANSWERS', 'SILENT'],
    );
  }, 90_000);

  it('a moto that cannot start (its port taken) ends the wait with the reason and its log', async () => {
    // Another program on the port (a process of its own: this one's event loop is blocked while bash runs).
    const port = await freePort();
    const taken = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], { stdio: 'ignore' });
    try {
      await pollUntil(
        () =>
          fetch(`http://127.0.0.1:${port}/`).then(
            () => true,
            () => false,
          ),
        {
          what: 'a program on the port',
          timeoutMs: 30_000,
        },
      );
      const started = Date.now();
      const run = bash(startAndWait(port).lines);
      expect(run.stdout).toContain('moto did not start');
      expect(run.stdout).toContain('in use');
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      taken.kill();
    }
  }, 90_000);
});
