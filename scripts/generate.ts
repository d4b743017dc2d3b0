/**
 * `npm run generate`: writes the registry, the handler table and the serverless function list from the
 * entity definitions (scripts/lib/generated-files.ts). `npm start`, `npm run package` and `npm run deploy`
 * run it first; commit what it changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedFiles } from './lib/generated-files.js';
import { repoRoot } from './lib/repo.js';

const current = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

for (const [file, content] of Object.entries(await generatedFiles())) {
  const path = join(repoRoot, file);
  if (current(path) === content) continue;
  writeFileSync(path, content);
  console.log(`generate: wrote ${file}`);
}
