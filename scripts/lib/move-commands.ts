import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { CsCartSource } from './move/cscart-source.js';
import { runImport } from './move/engine.js';
import { runExport } from './move/export.js';
import { FolderSource } from './move/folder-source.js';
import { summaryTable } from './move/progress.js';
import { repoRoot } from './repo.js';

/**
 * Where an import keeps its checkpoint and writes its reports: the project's git-ignored `.data/import/` (per stage
 * when --stage is given), so a repeat or a `--resume` finds them.
 */
export const moveDataDir = (stage: string | undefined) => join(repoRoot, '.data', 'import', stage ?? 'local');

const USERS_NOTE =
  'Users came without API keys and passwords (a source never reveals them): an administrator or vendor gets a new key with\n' +
  '`npm run admin -- enable-api --email E`, a password with `npm run admin -- set-password --email E` (or in the panel);\n' +
  'customers set theirs through the storefront (sra_profile) or are given one the same way.';

export async function importCommand(options: {
  from: string;
  isUrl: boolean;
  email?: string;
  key?: string;
  stage?: string;
  resume: boolean;
  since?: number;
  rate?: number;
}): Promise<void> {
  const source = options.isUrl
    ? new CsCartSource(options.from, { email: options.email, key: options.key })
    : new FolderSource(resolve(options.from));
  const dir = moveDataDir(options.stage);
  const tag = createHash('sha256').update(source.name).digest('hex').slice(0, 12);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const reportFile = join(dir, `report-${stamp}.jsonl`);
  console.log(`import from ${source.name} into ${options.stage ? `stage ${options.stage}` : 'the local store'}`);
  const result = await runImport({
    source,
    target: options.stage ?? 'local',
    checkpointFile: join(dir, `checkpoint-${tag}.json`),
    reportFile,
    resume: options.resume,
    since: options.since,
    rate: options.rate,
    out: process.stdout,
  });
  console.log(`report: ${reportFile}`);
  console.log(summaryTable(result.counts));
  console.log(USERS_NOTE);
  if (result.refused > 0) {
    console.log(
      `${result.refused} record(s) refused: see the report; run the import again once they are fixed at the source`,
    );
    process.exitCode = 1;
  }
}

export async function exportCommand(folder: string, stage: string | undefined): Promise<void> {
  const to = resolve(folder);
  console.log(`export ${stage ? `stage ${stage}` : 'the local store'} to ${to}`);
  const { counts, problems } = await runExport(to, process.stdout);
  console.log(summaryTable(counts));
  for (const problem of problems) console.log(`not exported: ${problem}`);
  if (problems.length > 0) process.exitCode = 1;
}
