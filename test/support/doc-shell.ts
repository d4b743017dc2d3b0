/**
 * Running the docs' shell examples as a newcomer runs them: a fresh `npm start -- --in-memory` (its own ports,
 * its own empty database), the `export EMAIL=… KEY=… API=…` line it prints pasted into a shell, then the
 * ```sh blocks of a Markdown file in that one shell, verbatim (test/e2e/readme-walkthrough.test.ts,
 * test/e2e/recipes.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_CACHE_DIR } from '../../scripts/lib/bundle-cache-dir.js';
import { QUICK_JIT_OPTIONS } from '../../scripts/lib/dynamodb-local.js';
import { freePort } from '../../scripts/lib/ports.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * How long a fresh `npm start` may take to print its `Set:` line (and the hook that waits for it): it bundles every
 * function, beside two test files and the background deploy check; at a load average of 20-30 on 2 cores both docs
 * tests' starts passed 165 s together. A hung start still fails, and nothing asserts how long it took.
 */
export const STARTUP_MS = 420_000;

/** The ```sh blocks of a Markdown file; with a heading, only those between `## <heading>` and the next `## `. */
export function shellBlocksOf(markdown: string, heading?: string): string[] {
  let section = markdown;
  if (heading !== undefined) {
    const start = markdown.indexOf(`\n## ${heading}`);
    if (start < 0) return [];
    const rest = markdown.slice(start + 1);
    const next = rest.indexOf('\n## ', 1);
    section = next < 0 ? rest : rest.slice(0, next);
  }
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/** The blocks of a file of the repository (`README.md`, `docs/recipes.md`). */
export function shellBlocksOfFile(file: string, heading?: string): string[] {
  return shellBlocksOf(readFileSync(join(repoRoot, file), 'utf8'), heading);
}

export interface ShellRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Where a fresh store's offline bundles the functions: one folder per test worker (one fresh store at a time each). */
const FRESH_BUNDLES = `.data/esbuild-fresh-${process.pid}`;

/** A fresh store as `npm start -- --in-memory` makes it, and a shell with its export line. */
export class FreshStore {
  /** `export EMAIL='…' KEY='…' API='…'`, as printed after `Set:`. */
  exportLine = '';
  readonly #env: NodeJS.ProcessEnv;
  #server: ChildProcess | undefined;
  #output = '';

  private constructor(env: NodeJS.ProcessEnv) {
    this.#env = env;
  }

  /** Starts it and waits for its export line (call from beforeAll with STARTUP_MS). */
  static async start(): Promise<FreshStore> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      DYNAMODB_PORT: String(await freePort()),
      // serverless.yml custom.esbuild: its offline bundles into a folder of its own (removed by stop()), not the
      // .esbuild/ the test run's first store serves its handlers from while other test files run beside this one.
      ESBUILD_WORK_FOLDER: FRESH_BUNDLES,
      // Its DynamoDB Local lives for one test file: the JVM flags of the run's own stores (QUICK_JIT_OPTIONS), given
      // by the JVM's standard variable, as a user could; what the docs' commands do is unchanged.
      JAVA_TOOL_OPTIONS: QUICK_JIT_OPTIONS,
    };
    // A newcomer's start: no bootstrap variables, so the key is generated and printed; and no test database:
    // `npm run admin` in the blocks finds this store's DynamoDB by DYNAMODB_PORT, as it does for a newcomer.
    delete env.BOOTSTRAP_ADMIN_EMAIL;
    delete env.BOOTSTRAP_ADMIN_API_KEY;
    delete env.AWS_ENDPOINT_URL_DYNAMODB;
    delete env.TABLE_NAME;
    const store = new FreshStore(env);
    store.#server = spawn('npm', ['start', '--', '--in-memory', '--log-format', 'json'], {
      cwd: repoRoot,
      // The run's stores bundled the same sources already: its offline reads their bundles back. The server's
      // alone: the shell running the blocks stays a newcomer's.
      env: { ...env, BUNDLE_CACHE_DIR },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    store.exportLine = await store.#waitForExportLine();
    return store;
  }

  get api(): string {
    return this.#exported('API');
  }

  /** The Authorization header of the bootstrap administrator. */
  get authorization(): string {
    return `Basic ${Buffer.from(`${this.#exported('EMAIL')}:${this.#exported('KEY')}`).toString('base64')}`;
  }

  /**
   * A GET as the bootstrap administrator, its JSON answer. Asked once more when the connection drops ("other side
   * closed": a kept-alive socket the local server closed as it was reused, seen under load): a GET changes nothing.
   */
  async read(path: string): Promise<Record<string, unknown>> {
    const get = () => fetch(`${this.api}${path}`, { headers: { authorization: this.authorization } });
    const answer = await get().catch(get);
    return answer.json() as Promise<Record<string, unknown>>;
  }

  /**
   * The export line, then the blocks, then `after`, in one `bash -euo pipefail` (a failing command stops it);
   * `timeoutMs` for pages whose blocks run long (docs/moving.md imports a whole store several times). Asynchronous:
   * the blocks may call a server of the test process itself (docs/moving.md's old store, the CS-Cart double), which
   * a synchronous wait would block from answering.
   */
  run(blocks: readonly string[], after: readonly string[] = [], timeoutMs = 120_000): Promise<ShellRun> {
    const script = [this.exportLine, ...blocks, ...after].join('\n');
    const shell = spawn('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: repoRoot,
      env: this.#env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    shell.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    // Past its time the shell and everything it started are stopped (its own process group).
    const timer = setTimeout(() => shell.pid !== undefined && process.kill(-shell.pid, 'SIGKILL'), timeoutMs);
    return new Promise((resolve) => {
      shell.once('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });
  }

  stop(): Promise<void> {
    const child = this.#server;
    const removeBundles = () => rmSync(join(repoRoot, FRESH_BUNDLES), { recursive: true, force: true });
    if (!child || child.exitCode !== null || child.pid === undefined) return Promise.resolve(removeBundles());
    return new Promise((resolve) => {
      const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
      child.once('exit', () => {
        clearTimeout(kill);
        removeBundles();
        resolve();
      });
      // Its own process group: the dev server stops DynamoDB Local and offline on SIGTERM.
      process.kill(-child.pid!, 'SIGTERM');
    });
  }

  #exported(name: string): string {
    return new RegExp(`${name}='([^']+)'`).exec(this.exportLine)![1]!;
  }

  /** Waits until the dev server has printed its `Set:` line, and returns the shell command on it. */
  #waitForExportLine(): Promise<string> {
    const server = this.#server!;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start printed no "Set:" line:\n${this.#output}`)),
        STARTUP_MS - 5_000,
      );
      server.stdout!.on('data', (chunk: Buffer) => {
        this.#output += chunk.toString();
        const line = this.#output.split('\n').find((text) => text.startsWith('Set:'));
        if (line) {
          clearTimeout(timer);
          resolve(line.slice('Set:'.length).trim());
        }
      });
      server.stderr!.on('data', (chunk: Buffer) => (this.#output += chunk.toString()));
      server.once('exit', (code) =>
        reject(new Error(`npm start exited (${code}) before it was ready:\n${this.#output}`)),
      );
    });
  }
}
