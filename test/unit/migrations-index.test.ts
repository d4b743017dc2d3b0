import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYOUT_VERSION } from '../../lib/db/layout.js';
import { MIGRATIONS } from '../../lib/db/migrations/index.js';
import type { Migration } from '../../lib/db/migrations/migration.js';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * lib/db/migrations/ is the one place migrations live: one module per step, named so that the file names sort in run
 * order, each listed once in index.ts and each saying what it rewrites, how reads answer meanwhile and what marks it
 * done. A module added without its line in the index (or listed out of order) fails here, before any table sees it.
 */
const FOLDER = join(repoRoot, 'lib/db/migrations');
const STEP = /^layout-(\d\d)([a-z]-[a-z-]+)?\.ts$/;
const steps = readdirSync(FOLDER)
  .filter((name) => STEP.test(name))
  .sort();

const isMigration = (value: unknown): value is Migration =>
  typeof value === 'object' && value !== null && 'id' in value && 'run' in value;

async function migrationsOf(file: string): Promise<Migration[]> {
  const module: Record<string, unknown> = await import(join(FOLDER, file));
  return Object.values(module).filter(isMigration);
}

describe('lib/db/migrations', () => {
  it('holds the steps and the runner only', () => {
    const others = readdirSync(FOLDER).filter((name) => !STEP.test(name));
    expect(others.sort()).toEqual([
      'index.ts',
      'layout-walk.ts',
      'markers.ts',
      'migration.ts',
      'record-rewrite.ts',
      'runner.ts',
      'start.ts',
      'stored-users.ts',
    ]);
  });

  it('lists every step module in the index, one migration each, in the order of their file names', async () => {
    const fromFiles: Migration[] = [];
    for (const file of steps) {
      const found = await migrationsOf(file);
      expect(found, file).toHaveLength(1);
      fromFiles.push(found[0]!);
    }
    expect(MIGRATIONS.map((m) => m.id)).toEqual(fromFiles.map((m) => m.id));
    expect(new Set(MIGRATIONS.map((m) => m.id)).size).toBe(MIGRATIONS.length);
  });

  it('names each layout migration by the layout it completes, up to the code’s own', async () => {
    for (const file of steps) {
      const [, number, step] = STEP.exec(file)!;
      const [migration] = await migrationsOf(file);
      if (step === undefined)
        expect({ id: migration!.id, layout: migration!.layout }, file).toEqual({
          id: `layout-${Number(number)}`,
          layout: Number(number),
        });
      else expect(migration!.layout, file).toBeUndefined();
    }
    expect(Math.max(...MIGRATIONS.map((m) => m.layout ?? 0))).toBe(LAYOUT_VERSION);
  });

  it('says in each step what it rewrites, how reads answer meanwhile and what marks it done', () => {
    for (const file of steps) {
      const text = readFileSync(join(FOLDER, file), 'utf8');
      for (const rule of ['- Rewrites:', '- Meanwhile:', '- Done:']) expect(text, `${file}: ${rule}`).toContain(rule);
    }
  });
});
