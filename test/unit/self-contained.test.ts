import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';
import { RECORDING_PATH } from '../support/recording.js';

/**
 * A fresh clone with nothing beside it runs its tests and follows its docs: no source, test, script or page of the
 * project reads or points at a folder outside the clone (the recording the tests compare with is
 * test/fixtures/cscart-entities.md). The forbidden spellings are assembled, so this file does not match itself.
 */
const OUTSIDE = [`..${'/'}shared`, `/work${'/'}shared`, `/work${'/'}briefs`, `shared${'/'}cscart-`, `shared${'/'}SPEC`];
const DIRS = ['lib', 'functions', 'scripts', 'bench', 'test', 'infra', 'docs'];
const TOP_FILES = ['README.md', 'CHANGELOG.md', 'package.json', 'serverless.yml', 'vitest.config.ts'];

function projectFiles(): string[] {
  const inDirs = DIRS.flatMap((dir) =>
    readdirSync(join(repoRoot, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|cjs|js|py|md|json|yml|html|css)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  return [...inDirs, ...TOP_FILES.map((file) => join(repoRoot, file)).filter((file) => existsSync(file))];
}

describe('the project is self-contained', () => {
  it('the CS-Cart recording the tests read is inside the clone', () => {
    expect(relative(repoRoot, RECORDING_PATH)).toBe(join('test', 'fixtures', 'cscart-entities.md'));
    expect(readFileSync(RECORDING_PATH, 'utf8')).toMatch(/^# CS-Cart 4\.20\.1/);
  });

  it('no file of the project refers to a path outside the clone', () => {
    const files = projectFiles();
    expect(files.length).toBeGreaterThan(300);
    const outside = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return OUTSIDE.filter((needle) => text.includes(needle)).map(
        (needle) => `${relative(repoRoot, file)}: ${needle}`,
      );
    });
    expect(outside).toEqual([]);
  });
});
