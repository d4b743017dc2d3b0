/**
 * Bundles the functions with esbuild: one zip per function for `serverless package`/`deploy` (and `deploy function`),
 * the same bundles for serverless offline (rebuilt when a watched source changes) and `invoke local`. Options are
 * serverless.yml's `custom.esbuild`: any esbuild build option, plus
 *   exclude               packages left out of the bundles and the zips, which the runtime provides (the AWS SDK v3);
 *   outputFileExtension   the bundles' extension (`.cjs` here: package.json says "type": "module");
 *   outputWorkFolder      the folder, under the service's, bundles are built in (default `.esbuild`);
 *   watch.pattern         globs of the sources offline rebuilds on (default: every .ts and .js under the service).
 *
 * It does the work serverless-esbuild did, for the options this project uses, without loading that plugin's
 * dependencies: effect, fast-check and ramda, about 1,500 modules and 0.8 s of CPU in every `serverless` command,
 * half of a command's start (docs/deploy.md, "What keeps the check short"). The bundles are the same bytes, and so
 * are the zips' contents: each holds its function's bundle (and its source map, if any) at the bundle's path.
 *
 * Every function of a package is bundled in one esbuild build with many entry points: a stack's handlers share
 * nearly all their code (the middy stack, lib/, the entity definitions), which one build parses once. Without code
 * splitting each entry point is its own complete output, byte for byte what a build of that entry alone makes
 * (test/deploy/esbuild-bundles.test.ts). With BUNDLE_CACHE_DIR set (the deploy tests, the emulator check), bundles
 * of unchanged sources are read back, not rebuilt (infra/plugins/bundle-cache.cjs).
 */
const { existsSync, mkdirSync, rmSync, statSync, watch } = require('node:fs');
const { join, matchesGlob, relative, sep } = require('node:path');
const { buildThroughCache } = require('./bundle-cache.cjs');
const { writeZip } = require('./zip-file.cjs');

/** `custom.esbuild` keys of this plugin's own, which esbuild would refuse. */
const PLUGIN_OPTIONS = new Set(['exclude', 'outputFileExtension', 'outputWorkFolder', 'watch']);
/** Where a handler's module may be, tried in this order (`functions/users/update.handler` → `functions/users/update.ts`). */
const ENTRY_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.tsx', '.jsx'];
const BUILD_FOLDER = '.build';
/** The packaged artifacts' folder, as the framework names it. */
const ARTIFACTS_FOLDER = '.serverless';
/** Sources saved together (an editor's "save all", a checkout) make one rebuild. */
const WATCH_SETTLE_MS = 100;

const strings = (value) => [value ?? []].flat().filter((item) => typeof item === 'string');

/** The esbuild options for `entries`, all in one build, written under `buildDir` at each entry's own path. */
function buildOptionsOf(esbuildOptions, entries, serviceDir, buildDir) {
  const own = Object.fromEntries(Object.entries(esbuildOptions).filter(([name]) => !PLUGIN_OPTIONS.has(name)));
  const extension = esbuildOptions.outputFileExtension ?? '.js';
  return {
    ...own,
    external: [...strings(own.external), ...strings(esbuildOptions.exclude)],
    ...(extension === '.js' ? {} : { outExtension: { '.js': extension } }),
    entryPoints: entries,
    absWorkingDir: serviceDir,
    outbase: serviceDir,
    outdir: buildDir,
  };
}

/** The source file of a handler (`path/to/module.export`), relative to the service folder. */
function entryOf(serviceDir, handler) {
  const module = handler.slice(0, handler.lastIndexOf('.'));
  for (const candidate of ENTRY_EXTENSIONS.flatMap((ext) => [module + ext, join(module, `index${ext}`)]))
    if (existsSync(join(serviceDir, candidate))) return candidate.split(sep).join('/');
  return undefined;
}

// The folder in front of a glob's first wildcard, watched recursively: lib for `lib/**/*.ts`, the service's for `**/*.ts`.
function fixedFolderOf(glob) {
  const parts = glob.split('/').slice(0, -1);
  const wildcard = parts.findIndex((part) => /[*?[{(]/.test(part));
  const fixed = wildcard === -1 ? parts : parts.slice(0, wildcard);
  return fixed.filter((part) => part !== '.').join('/') || '.';
}

class EsbuildBundles {
  constructor(serverless, options, { log } = {}) {
    this.serverless = serverless;
    this.options = options;
    this.log = log;
    this.serviceDir = serverless.config.serviceDir ?? serverless.config.servicePath;
    this.hooks = {
      'before:package:createDeploymentArtifacts': () => this.package(),
      'after:package:createDeploymentArtifacts': () => this.removeWorkFolder(),
      'before:deploy:function:packageFunction': () => this.package(),
      'after:deploy:function:packageFunction': () => this.removeWorkFolder(),
      'before:offline:start': () => this.serveOffline(),
      'before:offline:start:init': () => this.serveOffline(),
      'before:invoke:local:invoke': () => this.invokeLocally(),
    };
  }

  get esbuildOptions() {
    return this.serverless.service.custom?.esbuild ?? {};
  }

  get workDir() {
    return join(this.serviceDir, this.esbuildOptions.outputWorkFolder ?? '.esbuild');
  }

  get buildDir() {
    return join(this.workDir, BUILD_FOLDER);
  }

  /** Alias → definition of the functions this command is about (`--function` narrows it to one), Node.js ones only. */
  get functions() {
    const { service } = this.serverless;
    const aliases = this.options.function ? [this.options.function] : Object.keys(service.functions ?? {});
    const runtime = (fn) => fn.runtime ?? service.provider.runtime ?? 'nodejs';
    return aliases
      .map((alias) => [alias, service.getFunction(alias)])
      .filter(([, fn]) => typeof fn.handler === 'string' && runtime(fn).startsWith('nodejs'));
  }

  /** Builds every function's bundle; returns alias → the bundle's path relative to the build folder. */
  async bundle() {
    const entries = new Map();
    for (const [alias, fn] of this.functions) {
      const entry = entryOf(this.serviceDir, fn.handler);
      if (!entry)
        throw new this.serverless.classes.Error(
          `function ${alias}: no module for handler ${fn.handler} (tried ${ENTRY_EXTENSIONS.join(', ')})`,
        );
      entries.set(alias, entry);
    }
    if (entries.size === 0) return new Map();
    // The project's own esbuild, pinned in its package.json.
    const esbuild = require(require.resolve('esbuild', { paths: [this.serviceDir] }));
    mkdirSync(this.buildDir, { recursive: true });
    const unique = [...new Set(entries.values())];
    const options = buildOptionsOf(this.esbuildOptions, unique, this.serviceDir, this.buildDir);
    const restored = await buildThroughCache(esbuild, options, process.env.BUNDLE_CACHE_DIR);
    if (process.env.BUNDLE_CACHE_DIR)
      this.log?.notice?.(
        `esbuild: ${restored} of ${unique.length} bundles read back from ${process.env.BUNDLE_CACHE_DIR}`,
      );
    const extension = this.esbuildOptions.outputFileExtension ?? '.js';
    const bundleOf = (entry) => entry.slice(0, entry.lastIndexOf('.')) + extension;
    return new Map([...entries].map(([alias, entry]) => [alias, bundleOf(entry)]));
  }

  /** Each function's artifact: `.serverless/<alias>.zip` with its bundle (and source map) at the bundle's path. */
  async package() {
    const bundles = await this.bundle();
    const artifacts = join(this.serviceDir, ARTIFACTS_FOLDER);
    mkdirSync(artifacts, { recursive: true });
    for (const [alias, bundle] of bundles) {
      const files = [bundle, `${bundle}.map`].filter((file) => existsSync(join(this.buildDir, file)));
      const zip = join(artifacts, `${alias}.zip`);
      await writeZip(
        zip,
        files.map((file) => ({ name: file, path: join(this.buildDir, file) })),
      );
      this.log?.verbose?.(`esbuild: ${alias} → ${relative(this.serviceDir, zip)} (${statSync(zip).size} bytes)`);
      this.serverless.service.getFunction(alias).package = { artifact: join(ARTIFACTS_FOLDER, `${alias}.zip`) };
    }
  }

  /** The bundles are in the zips now; a running offline's folder is another one (ESBUILD_WORK_FOLDER). */
  removeWorkFolder() {
    rmSync(this.workDir, { recursive: true, force: true });
  }

  /** serverless offline runs the handlers from the build folder, rebuilt whenever a watched source changes. */
  async serveOffline() {
    await this.bundle();
    const custom = (this.serverless.service.custom ??= {});
    const offline = (custom['serverless-offline'] ??= {});
    offline.location ??= relative(this.serviceDir, this.buildDir);
    this.watchSources();
  }

  async invokeLocally() {
    await this.bundle();
    this.serverless.config.servicePath = this.buildDir;
    this.serverless.config.serviceDir = this.buildDir;
  }

  /**
   * Rebuilds after a change to a source matching `watch.pattern`, then tells offline its functions changed (it drops
   * the handlers it holds; `npm start -- --reload` loads them again on the next request). One rebuild at a time: a
   * change during a rebuild makes one more.
   */
  watchSources() {
    const patterns = strings(this.esbuildOptions.watch?.pattern);
    const globs = patterns.length > 0 ? patterns : ['**/*.ts', '**/*.js'];
    const roots = [...new Set(globs.map(fixedFolderOf))].filter((root) => existsSync(join(this.serviceDir, root)));
    const workFolder = relative(this.serviceDir, this.workDir).split(sep).join('/');
    let timer;
    let running = Promise.resolve();
    const rebuild = () => {
      running = running.then(async () => {
        try {
          await this.bundle();
          await this.serverless.pluginManager.spawn('offline:functionsUpdated');
          this.log?.verbose?.('esbuild: rebuilt after a change');
        } catch (error) {
          this.log?.error?.(`esbuild: the rebuild failed, waiting for the next change: ${error.message}`);
        }
      });
    };
    this.watchers = roots.map((root) => {
      const watcher = watch(join(this.serviceDir, root), { recursive: true }, (_event, name) => {
        if (!name) return;
        const file = join(root, name).split(sep).join('/');
        if (file.startsWith(`${workFolder}/`) || file.includes('node_modules/')) return;
        if (!globs.some((glob) => matchesGlob(file, glob))) return;
        clearTimeout(timer);
        timer = setTimeout(rebuild, WATCH_SETTLE_MS);
      });
      // Offline's server keeps the process alive; the watchers need not.
      watcher.unref();
      return watcher;
    });
  }
}

module.exports = EsbuildBundles;
module.exports.buildOptionsOf = buildOptionsOf;
module.exports.entryOf = entryOf;
