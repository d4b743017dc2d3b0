import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A page written into the stage under its own id, as an export folder carries it (docs/moving.md). */
const MOVED_PAGE = {
  page_id: '4242',
  page: 'Moved in with --stage',
  page_type: 'T',
  status: 'A',
  parent_id: '0',
  description: '<p>Read from an export folder and written into the deployed table.</p>',
};

/**
 * The way in and out of a deployed stage (SPEC §12, docs/moving.md "Into a deployed stage"): `import --from <folder>
 * --stage S --rate N` writes an export folder's record into the stage's table under its source id, and `export --to
 * <folder> --stage S` reads it back out in the API's shape. `admin` runs `npm run admin -- … --stage S`.
 */
export async function moveDrill(
  admin: (...args: string[]) => Promise<{ problems: string[]; output: string[] }>,
): Promise<string[]> {
  const from = mkdtempSync(join(tmpdir(), 'move-in-'));
  const to = mkdtempSync(join(tmpdir(), 'move-out-'));
  try {
    writeFileSync(join(from, 'pages.jsonl'), `${JSON.stringify(MOVED_PAGE)}\n`);
    const moved = await admin('import', '--from', from, '--rate', '50');
    if (moved.problems.length > 0) return moved.problems;
    const summary = moved.output.find((line) => /^pages\s+\d+\s+\d+/.test(line.trim()));
    const written = summary?.trim().split(/\s+/)[2];
    const problems = written === '1' ? [] : [`import --stage: the summary's pages row is ${summary ?? 'missing'}`];
    const exported = await admin('export', '--to', to);
    if (exported.problems.length > 0) return [...problems, ...exported.problems];
    const pages = readFileSync(join(to, 'pages.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const page = pages.find((row) => String(row.page_id) === MOVED_PAGE.page_id);
    if (!page) problems.push(`export --stage: page ${MOVED_PAGE.page_id} is not in pages.jsonl`);
    else if (page.page !== MOVED_PAGE.page || page.description !== MOVED_PAGE.description)
      problems.push(`export --stage: page ${MOVED_PAGE.page_id} reads ${JSON.stringify(page).slice(0, 200)}`);
    return problems;
  } finally {
    rmSync(from, { recursive: true, force: true });
    rmSync(to, { recursive: true, force: true });
  }
}
