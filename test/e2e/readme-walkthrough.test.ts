/**
 * The README's walkthrough, run as a newcomer runs it: a fresh `npm start -- --in-memory` (its own ports, its own
 * empty database), the `export EMAIL=… KEY=… API=…` line it prints pasted into a shell, then every `sh` block of
 * the README's "Walkthrough" section in that one shell, verbatim. Then the store is read back to prove the blocks
 * did what the README says (an order priced by the API, stock taken, status changed).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.js';
import { repoRoot } from '../../scripts/lib/repo.js';

const STARTUP_MS = 170_000;

/** The ```sh blocks between a `## <heading>` line and the next `## ` heading. */
export function shellBlocksOf(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}`);
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

let server: ChildProcess | undefined;
let output = '';

/** Waits until the dev server has printed its `Set:` line, and returns the shell command on it. */
function waitForExportLine(): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no "Set:" line:\n${output}`)), STARTUP_MS - 5_000);
    const look = (chunk: Buffer): void => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('Set:'));
      if (line) {
        clearTimeout(timer);
        resolve(line.slice('Set:'.length).trim());
      }
    };
    server!.stdout!.on('data', look);
    server!.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server!.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
  });
}

function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    // Its own process group: the dev server stops DynamoDB Local and offline on SIGTERM.
    process.kill(-child.pid!, 'SIGTERM');
  });
}

describe('README walkthrough on a fresh npm start', () => {
  let exportLine = '';

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()) };
    // A newcomer's start: no bootstrap variables, so the key is generated and printed.
    delete env.BOOTSTRAP_ADMIN_EMAIL;
    delete env.BOOTSTRAP_ADMIN_API_KEY;
    delete env.AWS_ENDPOINT_URL_DYNAMODB;
    delete env.TABLE_NAME;
    server = spawn('npm', ['start', '--', '--in-memory', '--log-format', 'json'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    exportLine = await waitForExportLine();
  }, STARTUP_MS);

  afterAll(() => stopServer(), 30_000);

  it('the README has the blocks (a heading renamed would otherwise skip them)', () => {
    const blocks = shellBlocksOf(readFileSync(join(repoRoot, 'README.md'), 'utf8'), 'Walkthrough');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    expect(exportLine).toMatch(/^export EMAIL='[^']+' KEY='[A-Za-z0-9]{32}' API='http:\/\/localhost:\d+\/api'$/);
  });

  it('every block runs verbatim in one shell, and the store then holds what the README says', async () => {
    const blocks = shellBlocksOf(readFileSync(join(repoRoot, 'README.md'), 'utf8'), 'Walkthrough');
    const script = [exportLine, ...blocks, 'echo "ORDER=$ORDER PRODUCT=$PRODUCT"'].join('\n');
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    // What the README's comments promise.
    expect(run.stdout).toContain('"total":"119.70"');
    expect(run.stdout).toContain('"amount":"7"');

    const ids = /ORDER=(\d+) PRODUCT=(\d+)/.exec(run.stdout);
    expect(ids, run.stdout).not.toBeNull();
    const [, order, product] = ids!;
    const api = /API='([^']+)'/.exec(exportLine)![1]!;
    const [email, key] = [/EMAIL='([^']+)'/.exec(exportLine)![1]!, /KEY='([^']+)'/.exec(exportLine)![1]!];
    const authorization = `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
    const read = async (path: string): Promise<Record<string, unknown>> => (await fetch(`${api}${path}`, { headers: { authorization } })).json() as Promise<Record<string, unknown>>;
    const placed = await read(`/orders/${order}`);
    expect({ status: placed.status, total: placed.total }).toEqual({ status: 'P', total: '119.70' });
    expect((await read(`/products/${product}`)).amount).toBe('7');
  });
});
