/**
 * The last released layout of the deployment, for the deploy check's upgrade (docs/deploy.md, "Upgrading a
 * stage"): a detached git worktree of RELEASED_LAYOUT with this checkout's node_modules hard-linked in, so its own
 * `scripts/deploy.ts` and `scripts/admin.ts` run as a team on that version would run them.
 * Bump RELEASED_LAYOUT to the commit of each release: the check then proves that release upgrades to the code here.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './repo.js';

const run = promisify(execFile);

/** The layout before operations moved into the stacks (alarms, SSM cursor key, access logs): issue 24's starting point. */
export const RELEASED_LAYOUT = '32ac7526b5ff09641ea55b9289547f35643761e9';

/** node_modules/.vite, .vite-temp, .vitest-cache: written during a test run, needed by no script. */
const RUN_CACHES = /^\.vite/;

export interface ReleasedCheckout {
  root: string;
  remove: () => Promise<void>;
}

export async function checkoutReleasedLayout(commit = RELEASED_LAYOUT): Promise<ReleasedCheckout> {
  await run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot }).catch(() => {
    throw new Error(
      `commit ${commit} (the released layout) is not in this clone: fetch the full history (git fetch --unshallow)`,
    );
  });
  const root = join(await mkdtemp(join(tmpdir(), 'store-api-released-')), 'checkout');
  await run('git', ['worktree', 'add', '--detach', root, commit], { cwd: repoRoot });
  // Hard links: a copy in seconds and no download; the released package.json may lack a newer dependency, never needs one more.
  // Not the caches vite and vitest keep in node_modules: a test run beside this one (npm test starts this check in the
  // background) writes and removes their temporary files while cp walks them, and cp then fails on a vanished file.
  const modules = join(repoRoot, 'node_modules');
  const packages = (await readdir(modules)).filter((name) => !RUN_CACHES.test(name));
  await mkdir(join(root, 'node_modules'));
  await run('cp', ['-al', ...packages.map((name) => join(modules, name)), join(root, 'node_modules')]);
  return {
    root,
    remove: async () => {
      await run('git', ['worktree', 'remove', '--force', root], { cwd: repoRoot }).catch(() => undefined);
      await rm(join(root, '..'), { recursive: true, force: true });
    },
  };
}

/**
 * Lets the released checkout package its stacks as this code does: infra/plugins/esbuild-bundles.cjs in place of
 * serverless-esbuild, which the released serverless.yml lists and this checkout no longer installs. It reads the same
 * `custom.esbuild` options and makes the same bundles (each entry point is its own complete bundle either way), in one
 * esbuild build per stack and through the bundle cache; only the deploy check's upgrade step does this, and the
 * templates are the released layout's. It gets infra/plugins/config-validation-switch.cjs too: the check sets
 * SKIP_CONFIG_VALIDATION, and the released serverless.yml, a fixed commit that was validated when it was released,
 * need not be validated again in each of its twelve deploys (the templates are the same bytes either way), and
 * infra/plugins/fast-state-file.cjs (the same state file, written in linear time).
 */
export async function packageReleasedAsHere(checkout: ReleasedCheckout): Promise<void> {
  const plugins = join(checkout.root, 'infra/plugins');
  await mkdir(plugins, { recursive: true });
  const files = [
    'esbuild-bundles.cjs',
    'bundle-cache.cjs',
    'zip-file.cjs',
    'config-validation-switch.cjs',
    'fast-state-file.cjs',
  ];
  for (const file of files) await copyFile(join(repoRoot, 'infra/plugins', file), join(plugins, file));
  const config = join(checkout.root, 'serverless.yml');
  const text = await readFile(config, 'utf8');
  const withPlugins = text.replace(
    /^( +)- serverless-esbuild\n/m,
    '$1- ./infra/plugins/esbuild-bundles.cjs\n$1- ./infra/plugins/config-validation-switch.cjs\n$1- ./infra/plugins/fast-state-file.cjs\n',
  );
  if (withPlugins === text) throw new Error('the released serverless.yml lists no serverless-esbuild plugin');
  await writeFile(config, withPlugins);
}
