import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo.js';

/**
 * docs/recipes.md "Adding an entity" shows the files a newcomer writes; each ```ts block names its path on its first
 * line. They are typechecked here against the code at those paths (overlaid in memory, nothing written), with the
 * project's tsconfig, plus what the recipe claims about the records' types: a block that lost an import, gained a
 * stray `});` or calls an API that was renamed fails this test instead of the newcomer.
 */
const SECTION = '## Adding an entity';

/** The section's ```ts blocks (list items indent them), dedented, keyed by the path on their first line. */
function recipeFiles(): Map<string, string> {
  const markdown = readFileSync(join(repoRoot, 'docs/recipes.md'), 'utf8');
  const start = markdown.indexOf(`\n${SECTION}\n`);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const files = new Map<string, string>();
  for (const [, indent, body] of section.matchAll(/^( *)```ts\n([\s\S]*?)^ *```$/gm)) {
    const code = body!
      .split('\n')
      .map((line) => line.slice(Math.min(indent!.length, line.length - line.trimStart().length)))
      .join('\n');
    const path = /^\/\/ (\S+\.ts)\n/.exec(code)?.[1];
    if (path) files.set(path, code);
  }
  return files;
}

/** What the recipe's prose promises of the records: `gift_card_id: number`, `code?: string`. */
const TYPE_CLAIMS = `
import type { RecordOf } from '../../lib/db/entity-reads.js';
import type { giftCardsEntity } from '../../lib/entities/gift-cards.js';
type GiftCard = RecordOf<typeof giftCardsEntity>;
export const id: (card: GiftCard) => number = (card) => card.gift_card_id;
export const code: (card: GiftCard) => string | undefined = (card) => card.code;
`;

function typecheck(overlay: Map<string, string>): string[] {
  const config = ts.readConfigFile(join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
  const virtual = new Map([...overlay].map(([path, text]) => [join(repoRoot, path), text]));
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
  const program = ts.createProgram([...virtual.keys()], options, host);
  // Only the overlaid files' diagnostics: the rest of the code is npm run typecheck's (and checking it all is slow).
  const diagnostics = [...virtual.keys()].flatMap((file) => {
    const source = program.getSourceFile(file)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
  return diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, { ...host, getNewLine: () => '\n' }));
}

describe('docs/recipes.md "Adding an entity"', () => {
  it('shows the definition and a handler, each naming its path', () => {
    expect([...recipeFiles().keys()]).toEqual(['lib/entities/gift-cards.ts', 'functions/gift_cards/list.ts']);
  });

  it('its blocks compile as written, and its records have the types it says', () => {
    const files = recipeFiles();
    files.set('test/unit/gift-cards-claims.ts', TYPE_CLAIMS);
    expect(typecheck(files)).toEqual([]);
  }, 60_000);

  it('a block that does not compile is caught (the check is not vacuous)', () => {
    const files = recipeFiles();
    files.set('lib/entities/gift-cards.ts', `${files.get('lib/entities/gift-cards.ts')}});\n`);
    expect(typecheck(files).join('\n')).toContain('gift-cards.ts');
  }, 60_000);
});
