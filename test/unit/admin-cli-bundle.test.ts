/**
 * scripts/admin-cli.mjs, what `npm run admin` starts: a bundle of scripts/admin.ts, used again while no source it was
 * built from has changed, built again as soon as one has (a stale bundle would run code that is no longer there).
 * Other files of the run start the command line meanwhile, so what is asserted is what this file's own starts did
 * (a start builds into `.data/admin-cli-<its pid>-<time>`) and what the shared record says after them.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { adminCommand } from '../support/admin-command.js';

const run = promisify(execFile);
const DATA = join(repoRoot, '.data');
// A source only the command line reads (admin.ts imports it): a new modification time on it changes nothing else.
const SOURCE = 'scripts/lib/admin-usage.ts';

interface BuildRecord {
  folder: string;
  files: { [path: string]: string };
}
const record = () => JSON.parse(readFileSync(join(DATA, 'admin-cli.json'), 'utf8')) as BuildRecord;

/** Starts `--help`; whether that start built a bundle of its own. */
async function help(): Promise<{ built: boolean }> {
  const started = run(...adminCommand(['--help']), { cwd: repoRoot });
  const { stdout } = await started;
  expect(stdout).toContain('usage: npm run admin');
  return { built: readdirSync(DATA).some((name) => name.startsWith(`admin-cli-${started.child.pid}-`)) };
}

describe('the admin command line bundle', () => {
  it('is reused while its sources are unchanged and built again when one changes', async () => {
    const path = join(repoRoot, SOURCE);
    const { mtime } = statSync(path);
    try {
      await help();
      expect((await help()).built).toBe(false);
      const before = record().folder;
      // An edit, as the bundle sees one: a new modification time (an older one, so the build records it at once).
      utimesSync(path, mtime, new Date(mtime.getTime() - 60_000));
      const { size, mtimeMs } = statSync(path);
      await help();
      const after = record();
      expect(after.folder).not.toBe(before);
      expect(after.files[SOURCE]).toBe(`${size}:${mtimeMs}`);
    } finally {
      utimesSync(path, mtime, mtime);
    }
  }, 60_000);
});
