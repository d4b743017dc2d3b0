import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A private temporary directory for a child process tree (its TMPDIR), removed whole when the tree is done.
 * Whatever the tools a command starts leave in the temporary directory goes with it (serverless-esbuild's zip step,
 * which packaged the functions before infra/plugins/esbuild-bundles.cjs, left one folder per function there on
 * every packaging; the project's own plugin leaves nothing).
 *
 * The directory's name carries our pid, so a later run removes those of runs that were killed before they
 * could clean up (SIGKILL, a power cut).
 */
const PREFIX = 'store-api-tmp-';

export interface ScratchDir {
  path: string;
  remove(): void;
}

export function createScratchDir(): ScratchDir {
  removeAbandoned();
  const path = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
  const remove = () => rmSync(path, { recursive: true, force: true });
  // Synchronous, so it also runs on process.exit() (Ctrl-C under Vitest, the dev server's own exit).
  process.once('exit', remove);
  return { path, remove };
}

/** Scratch directories whose owner process is gone. */
function removeAbandoned(): void {
  for (const name of readdirSync(tmpdir())) {
    const owner = Number(/^store-api-tmp-(\d+)-/.exec(name)?.[1]);
    if (owner && owner !== process.pid && !isAlive(owner))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
