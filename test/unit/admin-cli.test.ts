/**
 * The admin command line as a newcomer meets it, spawned as `npm run admin` runs it, with no database anywhere:
 * help is a success, and a command that finds no DynamoDB says what to start instead of a bare ECONNREFUSED.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { unreachableDatabaseMessage } from '../../scripts/lib/database-unreachable.js';
import { repoRoot } from '../../scripts/lib/repo.js';
import { adminCommand } from '../support/admin-command.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(...adminCommand(args), {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A local port nobody listens on (taken and released at once). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('npm run admin without a database', () => {
  it.each([['--help'], ['help']])('`%s` prints the usage on stdout and exits 0', async (flag) => {
    const run = await admin([flag]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('usage: npm run admin -- <command>');
    expect(run.stdout).toContain('enable-api --email E');
    expect(run.stderr).toBe('');
  });

  it('no command and an unknown option are usage mistakes: the usage on stderr, exit 2', async () => {
    for (const args of [[], ['--no-such-option']]) {
      const run = await admin(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('usage: npm run admin -- <command>');
    }
  });

  it('a command with no DynamoDB listening names what to start and exits 1', async () => {
    const port = await closedPort();
    const endpoint = `http://127.0.0.1:${port}`;
    const run = await admin(['show-user', '--email', 'nobody@example.com'], { AWS_ENDPOINT_URL_DYNAMODB: endpoint });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`no DynamoDB answers at ${endpoint}`);
    expect(run.stderr).toContain('npm start');
    expect(run.stderr).toContain('AWS_ENDPOINT_URL_DYNAMODB');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('unreachableDatabaseMessage', () => {
  it('is silent about errors that are not a connection failure (they keep their own message)', () => {
    expect(
      unreachableDatabaseMessage(new Error('no user with e-mail x'), 'http://127.0.0.1:8000', undefined),
    ).toBeUndefined();
    expect(
      unreachableDatabaseMessage(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }), 'AWS', 'prod'),
    ).toBeUndefined();
  });

  it('points a deployed stage at AWS settings rather than at npm start', () => {
    const message = unreachableDatabaseMessage(Object.assign(new Error(''), { code: 'ENOTFOUND' }), 'AWS', 'prod');
    expect(message).toContain("stage 'prod'");
    expect(message).not.toContain('npm start');
  });
});
