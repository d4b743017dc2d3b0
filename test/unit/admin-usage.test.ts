import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_USAGE_DOC, ADMIN_USAGE_MARKER, withAdminUsage } from '../../scripts/lib/admin-usage-doc.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * docs/configuration.md's admin commands are the command line's own `--help` (written by npm run generate), and the
 * help names every command scripts/admin.ts runs: a command added to the code but not to the usage, or a page not
 * regenerated, fails here.
 */
const page = () => readFileSync(join(repoRoot, ADMIN_USAGE_DOC), 'utf8');

/** The commands scripts/admin.ts dispatches on: `case '…':` and `command === '…'`. */
function dispatchedCommands(): string[] {
  const source = readFileSync(join(repoRoot, 'scripts/admin.ts'), 'utf8');
  const names = [...source.matchAll(/case '([a-z-]+)':|command === '([a-z-]+)'/g)].map((m) => m[1] ?? m[2]!);
  return [...new Set(names)].sort();
}

describe('the admin command list', () => {
  const help = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', '--help'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });

  it('docs/configuration.md shows exactly what `npm run admin -- --help` prints', () => {
    expect(help.status, help.stderr).toBe(0);
    const markdown = page();
    const block = markdown.slice(markdown.indexOf(ADMIN_USAGE_MARKER)).split('```')[1]!;
    expect(block).toBe(`\n${help.stdout}`);
    expect(withAdminUsage(markdown), 'run npm run generate').toBe(markdown);
  });

  it('the help names every command the command line runs (storefront-key, restore, switch-table, …)', () => {
    const commands = dispatchedCommands();
    expect(commands).toEqual(expect.arrayContaining(['create-user', 'storefront-key', 'restore', 'switch-table']));
    const listed = [...help.stdout.matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1]!);
    expect(listed).toEqual(expect.arrayContaining(commands));
  });
});
