import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
// What `serverless package` reads; copied so that packaging never touches the .esbuild/ of a running offline.
const SOURCES = ['serverless.yml', 'package.json', 'tsconfig.json', 'functions', 'lib', 'infra'];

export interface Template {
  Outputs?: Record<string, { Value: unknown; Export?: { Name: string } }>;
  Resources: Record<string, { Type: string; Properties?: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string; DependsOn?: unknown }>;
}

export interface PackagedStage {
  template: Template;
  templatePath: string;
  cleanup: () => Promise<void>;
}

/** Runs `serverless package --stage <stage> --param=domain=<domain>` offline in a scratch copy of the project and reads the template. */
export async function packageStage(stage: string, domain = 'all'): Promise<PackagedStage> {
  const dir = await mkdtemp(join(tmpdir(), `store-api-package-${stage}-${domain}-`));
  for (const source of SOURCES) await cp(join(ROOT, source), join(dir, source), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  await run(join(ROOT, 'node_modules/.bin/serverless'), ['package', '--stage', stage, `--param=domain=${domain}`], {
    cwd: dir,
    env: { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}` },
    timeout: 180_000,
  });
  const templatePath = join(dir, '.serverless/cloudformation-template-update-stack.json');
  const template = JSON.parse(await readFile(templatePath, 'utf8')) as Template;
  return { template, templatePath, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
