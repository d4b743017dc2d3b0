import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED_HEADER } from '../../scripts/lib/generated-files.js';

/**
 * Small files with one job: no hand-written source file is over 400 lines — the code, its tests and scripts, and the
 * infrastructure's CommonJS modules and plugins. Files `npm run generate` writes carry its header on their first line
 * and are exempt (functions/handler-table.generated.ts, lib/entities/registry.generated.ts).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 400;

const sources = ['lib', 'functions', 'scripts', 'bench', 'test', 'infra'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|cjs|py)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name)),
);

describe('file size', () => {
  it(`keeps every hand-written source file at ${MAX_LINES} lines or fewer`, () => {
    // Prepare
    const texts = sources.map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));
    const handWritten = texts.filter(({ text }) => !text.split('\n', 1)[0]!.includes(GENERATED_HEADER));
    // Act
    const over = handWritten
      .map(({ file, text }) => ({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) }))
      .filter(({ lines }) => lines > MAX_LINES);
    // Assess
    expect(handWritten.length).toBeGreaterThan(100);
    expect(handWritten.length).toBeLessThan(texts.length);
    expect(over).toEqual([]);
  });
});
