/**
 * npm's own errors reach the person at the terminal: the project's npm configuration must not silence them
 * (a `loglevel=silent` in .npmrc once made a failing `npm ci` or a mistyped script exit 1 with no word at all).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';

/** The environment of a fresh shell: no npm_config_* inherited from an `npm test` that started this run. */
function freshShellEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
  );
}

describe("npm's messages in this project", () => {
  it('an unknown script says so on stderr and exits non-zero', () => {
    const run = spawnSync('npm', ['run', 'no-such-script'], {
      cwd: repoRoot,
      env: freshShellEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Missing script: "no-such-script"');
  });

  it("a script's banner is printed (so is everything else npm has to say), and -s silences it for one run", () => {
    const loud = spawnSync('npm', ['run', 'typecheck', '--', '--version'], {
      cwd: repoRoot,
      env: freshShellEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(loud.status, loud.stderr).toBe(0);
    expect(loud.stdout).toContain('> store-api@');
    const quiet = spawnSync('npm', ['run', '-s', 'typecheck', '--', '--version'], {
      cwd: repoRoot,
      env: freshShellEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stdout.trim()).toMatch(/^Version \d+\.\d+\.\d+$/);
  });
});
