import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/*
 * Exit and signal handlers cannot run when this process is killed with SIGKILL (a CI timeout, an OOM kill, a
 * closed terminal taking tsx down first). The process groups we started would then live on, holding ports and
 * a JVM. So a tiny watchdog process, in its own session, is told which groups to guard ("+PGID" / "-PGID" on
 * its stdin). Its stdin is a pipe from us; the kernel closes it however we die, and on that end-of-file the
 * watchdog terminates every group still registered, then exits. When we stop our groups ourselves we
 * unregister them first, so a normal exit leaves it nothing to do.
 */
const WATCHDOG_SOURCE = `
const groups = new Set();
let pending = '';
const signalAll = (signal) => {
  for (const pgid of groups) {
    try { process.kill(-pgid, signal); } catch { groups.delete(pgid); }
  }
};
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\\n');
  pending = lines.pop();
  for (const line of lines) {
    const pgid = Number(line.slice(1));
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    if (line[0] === '+') groups.add(pgid); else groups.delete(pgid);
  }
});
const onParentGone = () => {
  signalAll('SIGTERM');
  if (groups.size === 0) process.exit(0);
  setTimeout(() => { signalAll('SIGKILL'); process.exit(0); }, 3000);
};
process.stdin.once('end', onParentGone);
process.stdin.once('error', onParentGone);
`;

let watchdog: ChildProcess | undefined;

function channel(): Socket | undefined {
  if (!watchdog) {
    watchdog = spawn(process.execPath, ['-e', WATCHDOG_SOURCE], {
      detached: true,
      // Nothing but the pipe: it must not hold our stdout open (that would hang a CI log reader).
      stdio: ['pipe', 'ignore', 'ignore'],
      // Only PATH: NODE_OPTIONS from tsx or Vitest would load loaders it does not need.
      env: { PATH: process.env.PATH ?? '' },
    });
    watchdog.on('error', () => undefined);
    watchdog.stdin?.on('error', () => undefined);
    // The watchdog must never keep us alive.
    watchdog.unref();
    (watchdog.stdin as Socket | null)?.unref();
  }
  return (watchdog.stdin as Socket | null) ?? undefined;
}

/** Have the process group `pgid` terminated if this process dies without stopping it. */
export function guardGroup(pgid: number): void {
  channel()?.write(`+${pgid}\n`);
}

/** The group was stopped (or is being stopped) by us; the watchdog must forget it before the PGID is reused. */
export function releaseGroup(pgid: number): void {
  if (watchdog) channel()?.write(`-${pgid}\n`);
}
