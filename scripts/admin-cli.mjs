/**
 * `npm run admin` (scripts/admin.ts) started from a bundle of itself instead of through tsx: tsx compiles and resolves
 * every TypeScript module of the command line on each start, about 0.6 s of CPU, where the bundle starts in 0.15 s.
 * A team runs the command line by hand; the tests and the docs' commands run it some hundred times a run.
 *
 * The bundle is esbuild's build of scripts/admin.ts (the project's own modules; packages stay in node_modules, loaded
 * as Node loads them), split at its dynamic imports so a command loads only what it uses. It lives in
 * .data/admin-cli-<build>/ beside a record of every source file it was built from (size and modification time),
 * with package.json, tsconfig.json and esbuild's version. A start checks the record (a few hundred stat calls, a few
 * milliseconds) and builds again when anything differs, so an edited source is never run stale. The folder is two
 * levels below the repository, as scripts/lib/ is, so what a module finds from `import.meta.url` (the repository's
 * root, infra/*.cjs) is the same file. `tsx scripts/admin.ts` still runs the sources directly, for a debugger.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, enableCompileCache } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data');
const recordFile = join(dataDir, 'admin-cli.json');
const require = createRequire(import.meta.url);

// Node's on-disk compile cache (scripts/lib/compile-cache-dir.ts), unless the caller chose one (NODE_COMPILE_CACHE).
enableCompileCache(join(dataDir, 'node-compile-cache'));

/** What the bytes of a build depend on besides its inputs: the build settings' own files and esbuild's version. */
const SETTINGS = ['package.json', 'tsconfig.json', 'node_modules/esbuild/package.json', 'scripts/admin-cli.mjs'];

function stamp(path) {
  try {
    const { size, mtimeMs } = statSync(join(root, path));
    return `${size}:${mtimeMs}`;
  } catch {
    return 'missing';
  }
}

function modifiedSince(path, time) {
  try {
    return statSync(join(root, path)).mtimeMs >= time - 1000;
  } catch {
    return false;
  }
}

function currentBuild() {
  let record;
  try {
    record = JSON.parse(readFileSync(recordFile, 'utf8'));
  } catch {
    return undefined;
  }
  const files = Object.entries(record.files ?? {});
  if (files.length === 0 || files.some(([path, seen]) => stamp(path) !== seen)) return undefined;
  return join(dataDir, record.folder, 'admin.js');
}

async function build() {
  const folder = `admin-cli-${process.pid}-${Date.now()}`;
  const outdir = join(dataDir, folder);
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  const result = await require('esbuild').build({
    absWorkingDir: root,
    entryPoints: ['scripts/admin.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    splitting: true,
    outdir,
    metafile: true,
    logLevel: 'warning',
  });
  const paths = [...Object.keys(result.metafile.inputs), ...SETTINGS];
  // A source saved while esbuild read it may be in the bundle as it was: this start runs the build, the next builds
  // again.
  if (paths.some((path) => modifiedSince(path, started))) return join(outdir, 'admin.js');
  const files = Object.fromEntries(paths.map((path) => [path, stamp(path)]));
  // Written whole, then renamed: a start running beside this one reads the old record or the new, never half.
  const written = `${recordFile}.${process.pid}`;
  writeFileSync(written, JSON.stringify({ folder, files }));
  renameSync(written, recordFile);
  removeOldBuilds(folder);
  return join(outdir, 'admin.js');
}

/** Earlier builds, an hour after they were made: a command started from one may still load its chunks until then. */
function removeOldBuilds(kept) {
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith('admin-cli-') || name === kept) continue;
    const made = Number(name.split('-').pop());
    if (Date.now() - made > 3_600_000) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

await import(pathToFileURL(currentBuild() ?? (await build())).href);
