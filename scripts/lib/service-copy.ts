import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './repo.js';
import { isAlive } from './scratch-dir.js';

/** What `npm run deploy` reads: the service, its sources and the scripts that drive it. */
const SOURCES = ['serverless.yml', 'package.json', 'tsconfig.json', 'functions', 'lib', 'infra', 'scripts'];

export interface ServiceCopy {
  root: string;
  remove: () => Promise<void>;
}

/**
 * A copy of this checkout's service under .data/, with its node_modules linked, for a second `npm run deploy` running
 * beside one in the checkout itself: the framework writes each deploy's package to `<service>/.serverless/`, which
 * two deploys in one folder would overwrite under each other (the deploy check's http stage, scripts/deploy-check.ts).
 */
export async function copyService(label: string): Promise<ServiceCopy> {
  const parent = join(repoRoot, '.data');
  await mkdir(parent, { recursive: true });
  // A check that was killed (SIGKILL, a test run's hook timeout) left its copy: removed once its process is gone.
  for (const name of await readdir(parent)) {
    const owner = Number(/^service-copy-[a-z]+-(\d+)-/.exec(name)?.[1]);
    if (owner && owner !== process.pid && !isAlive(owner))
      await rm(join(parent, name), { recursive: true, force: true });
  }
  const root = await mkdtemp(join(parent, `service-copy-${label}-${process.pid}-`));
  await Promise.all(SOURCES.map((source) => cp(join(repoRoot, source), join(root, source), { recursive: true })));
  await symlink(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
