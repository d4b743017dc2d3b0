import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { MIGRATIONS } from '../../lib/db/migrations/index.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * CHANGELOG.md is what an operator reads before an upgrade and during a rollback, and docs/deploy.md's upgrade
 * section sends them there: a layout added to the code (LAYOUT_VERSION, a migration) without its entry and its
 * rollback row fails here, as does an upgrade section that names another layout or points elsewhere.
 */
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const layouts = Array.from({ length: LAYOUT_VERSION }, (_, i) => i + 1);

function upgradeSection(): string {
  const deploy = read('docs/deploy.md');
  const start = deploy.indexOf('\n## Upgrading a stage\n');
  return deploy.slice(start, deploy.indexOf('\n## ', start + 1));
}

describe('CHANGELOG.md', () => {
  const changelog = read('CHANGELOG.md');

  it('has an entry for every item layout the code knows, newest first', () => {
    const entries = [...changelog.matchAll(/^## Layout (\d+) — /gm)].map((match) => Number(match[1]));
    expect(entries).toEqual(layouts.toReversed());
  });

  it('names every migration', () => {
    for (const { id } of MIGRATIONS) expect(changelog, id).toContain(`\`${id}\``);
  });

  it('says for every layout change, and the next one, whether the previous version reads it', () => {
    const rolling = changelog.slice(changelog.indexOf('\n## Rolling back\n'));
    const rows = [...rolling.matchAll(/^\| (\d+)(?: \(next\))? +\| (.+) \|$/gm)].map((match) => Number(match[1]));
    expect(rows).toEqual([...layouts.slice(1), LAYOUT_VERSION + 1]);
  });
});

describe('docs/deploy.md "Upgrading a stage"', () => {
  it('names the current layout, points to CHANGELOG.md and its rollback rules, and to no release notes', () => {
    const section = upgradeSection();
    expect(section).toContain(`item layout ${LAYOUT_VERSION}**`);
    expect(section).toContain('(../CHANGELOG.md)');
    expect(section).toContain('(../CHANGELOG.md#rolling-back)');
    expect(section).not.toMatch(/release notes/i);
    for (const { id } of MIGRATIONS.slice(-1)) expect(section).toContain(`\`${id}\``);
  });
});
