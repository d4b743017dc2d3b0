import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { guardGroup, releaseGroup } from './orphan-watchdog.js';
import { StartupError } from './startup-error.js';

/** How much output to keep for error messages. */
const TAIL_CHARS = 16_000;

export interface SuperviseOptions {
  /** Also write the output to this file (tests keep handler logs out of the reporter). */
  logFile?: string;
}

/** Every group started and not yet stopped, in start order: the exit hook and stopAllGroups walk it. */
const live: SupervisedGroup[] = [];

/**
 * A child spawned with `detached: true`, i.e. the leader of its own process group. Stopping signals the
 * whole group, so whatever the child started (serverless-offline's esbuild service, worker processes, the
 * JVM's helpers) goes with it, and a Ctrl-C in the terminal (sent to our foreground group only) leaves us
 * in charge of the order in which things stop.
 */
export class SupervisedGroup {
  readonly name: string;
  readonly pid: number;
  readonly #child: ChildProcess;
  readonly #exited: Promise<void>;
  readonly #log: WriteStream | undefined;
  #exitDescription: string | undefined;
  #echo: NodeJS.WritableStream | undefined;
  #output = '';
  #stopping: Promise<void> | undefined;

  private constructor(name: string, child: ChildProcess, pid: number, options: SuperviseOptions) {
    this.name = name;
    this.pid = pid;
    this.#child = child;
    this.#log = options.logFile ? createWriteStream(options.logFile, { flags: 'w' }) : undefined;
    // A failed kill() is reported as 'error'; unhandled, it would crash us.
    child.on('error', () => undefined);
    this.#exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.#exitDescription = signal ? `exited on ${signal}` : `exited with code ${code}`;
        resolve();
      });
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      // Always read: a child blocks once a pipe nobody drains is full.
      stream?.on('data', (chunk: string) => {
        this.#output = (this.#output + chunk).slice(-TAIL_CHARS);
        this.#echo?.write(chunk);
        this.#log?.write(chunk);
      });
    }
    installExitHook();
    live.push(this);
    guardGroup(pid);
  }

  /** Waits for the spawn to succeed (a missing executable only shows as an 'error' event) and supervises it. */
  static async start(name: string, child: ChildProcess, options: SuperviseOptions = {}): Promise<SupervisedGroup> {
    // events.once('spawn') rejects when 'error' comes first; both paths end up as "the error, if any".
    const spawned = once(child, 'spawn').then(
      () => undefined,
      (error: Error) => error,
    );
    const failed = once(child, 'error').then(([error]) => error as Error);
    const error = await Promise.race([spawned, failed]);
    if (error || child.pid === undefined) {
      throw new StartupError(`${name} could not be started: ${error?.message ?? 'no process id'}`);
    }
    return new SupervisedGroup(name, child, child.pid, options);
  }

  /** The last few thousand characters the group wrote, for error messages. */
  output(): string {
    return this.#output;
  }

  /** Copy further output to `stream` (the dev server shows offline's request log once it is up). */
  echoTo(stream: NodeJS.WritableStream | undefined): void {
    this.#echo = stream;
  }

  /** Resolves with how the leader ended, whether we stopped it or it died on its own. */
  async exited(): Promise<string> {
    await this.#exited;
    return this.#exitDescription ?? 'exited';
  }

  /** How the leader ended, or undefined while it runs (the readiness poll gives up on this). */
  exitReason(): string | undefined {
    return this.#exitDescription;
  }

  /** SIGTERM to the group, SIGKILL after `graceMs`, then SIGKILL to any member the leader left behind. */
  stop(graceMs = 5_000): Promise<void> {
    this.#stopping ??= this.#stop(graceMs);
    return this.#stopping;
  }

  async #stop(graceMs: number): Promise<void> {
    if (this.#exitDescription === undefined) {
      this.#signal('SIGTERM');
      if (!(await this.#waitForExit(graceMs))) {
        this.#signal('SIGKILL');
        await this.#waitForExit(graceMs);
      }
    }
    // The leader has exited; children it spawned may not have. Members are gone once kill(-pgid, 0) fails.
    for (let attempt = 0; attempt < 50 && groupExists(this.pid); attempt++) {
      this.#signal('SIGKILL');
      await delay(100);
    }
    this.#forget();
  }

  async #waitForExit(ms: number): Promise<boolean> {
    const timer = new AbortController();
    const timedOut = delay(ms, false, { signal: timer.signal }).catch(() => false);
    const result = await Promise.race([this.#exited.then(() => true), timedOut]);
    timer.abort();
    return result;
  }

  #signal(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is already gone.
    }
  }

  #forget(): void {
    const index = live.indexOf(this);
    if (index >= 0) live.splice(index, 1);
    releaseGroup(this.pid);
    this.#child.stdout?.destroy();
    this.#child.stderr?.destroy();
    this.#log?.end();
  }

  /** Synchronous last resort for process 'exit', where no promise can be awaited. */
  killNow(): void {
    this.#signal('SIGKILL');
    releaseGroup(this.pid);
  }
}

function groupExists(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops every group still running, newest first (the API before the database it talks to). */
export async function stopAllGroups(): Promise<void> {
  for (const group of [...live].reverse()) await group.stop();
}

let exitHookInstalled = false;

/**
 * On any exit that runs JavaScript — normal end, process.exit() (what Vitest does on Ctrl-C), an uncaught
 * exception — kill whatever is still running. Only synchronous calls work here, hence SIGKILL.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const group of live) group.killNow();
  });
}
