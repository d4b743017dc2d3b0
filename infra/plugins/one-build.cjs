/**
 * Bundles every function of a package in one esbuild build with many entry points, where serverless-esbuild runs one
 * build per function. A stack's 10–30 handlers share nearly all their code (the middy stack, lib/, the entity
 * definitions); one build parses it once instead of once per handler: about a fifth of the esbuild work per stack,
 * for every `serverless package`/`deploy` and for serverless offline's start.
 *
 * The bundles are byte-identical to one build per function: without code splitting each entry point is its own
 * complete output (test/unit/one-build.test.ts compares them). So the artifacts, their hashes and the framework's
 * "no changes, deployment skipped" check are what they were. Everything else stays serverless-esbuild's: the
 * options (serverless.yml `custom.esbuild`), handler paths, externals, zips and the offline work folder; this plugin
 * replaces its bundle step only, and must come after it in `plugins`.
 */
const { buildThroughCache } = require('./bundle-cache.cjs');

// serverless-esbuild's own options, which esbuild refuses: its bundle step leaves them out of the build the same way.
const PLUGIN_OPTIONS = new Set([
  'concurrency',
  'zipConcurrency',
  'exclude',
  'nativeZip',
  'packager',
  'packagePath',
  'watch',
  'keepOutputDirectory',
  'packagerOptions',
  'installExtraArgs',
  'outputFileExtension',
  'outputBuildFolder',
  'outputWorkFolder',
  'nodeExternals',
  'skipBuild',
  'skipRebuild',
  'skipBuildExcludeFns',
  'stripEntryResolveExtensions',
  'disposeContext',
]);

const strings = (value) => [value ?? []].flat().filter((item) => typeof item === 'string');

/** The esbuild options serverless-esbuild would pass for one function, for all of them at once. */
function buildOptionsOf(plugin, entries) {
  const options = plugin.buildOptions;
  const esbuildOptions = Object.fromEntries(Object.entries(options).filter(([name]) => !PLUGIN_OPTIONS.has(name)));
  const exclude = strings(options.exclude);
  return {
    ...esbuildOptions,
    external: [...strings(options.external), ...(exclude.includes('*') ? [] : exclude)],
    plugins: plugin.plugins,
    ...(options.outputFileExtension === '.js' ? {} : { outExtension: { '.js': options.outputFileExtension } }),
    entryPoints: entries,
    absWorkingDir: plugin.serviceDirPath,
    // Each bundle lands where serverless-esbuild's own build would put it: the build folder, then the entry's path.
    outbase: plugin.serviceDirPath,
    outdir: plugin.buildDirPath,
  };
}

/** serverless-esbuild's bundle step, as one build: fills the `buildResults` its packing step reads. */
async function bundleInOneBuild(plugin, log) {
  // The esbuild serverless-esbuild itself loads (the project's, pinned in package.json).
  const esbuild = require(require.resolve('esbuild', { paths: [plugin.serviceDirPath] }));
  plugin.prepare();
  const functionEntries = plugin.functionEntries;
  const entries = [...new Set(functionEntries.map(({ entry }) => entry))];
  if (plugin.buildOptions.metafile)
    throw new plugin.serverless.classes.Error(
      'custom.esbuild.metafile is not supported by infra/plugins/one-build.cjs',
    );
  // BUNDLE_CACHE_DIR (the deploy tests, the emulator check): bundles of unchanged sources are read back, not rebuilt.
  const restored = await buildThroughCache(esbuild, buildOptionsOf(plugin, entries), process.env.BUNDLE_CACHE_DIR);
  if (process.env.BUNDLE_CACHE_DIR)
    log?.notice?.(`one-build: ${restored} of ${entries.length} bundles read back from ${process.env.BUNDLE_CACHE_DIR}`);
  const bundlePathOf = (entry) => entry.slice(0, entry.lastIndexOf('.')) + plugin.buildOptions.outputFileExtension;
  plugin.buildResults = functionEntries
    .filter(({ func }) => func !== null)
    .map(({ entry, func, functionAlias }) => ({ bundlePath: bundlePathOf(entry), func, functionAlias }));
}

class OneBuild {
  constructor(serverless, _options, { log } = {}) {
    this.serverless = serverless;
    this.log = log;
    // After serverless-esbuild's own `initialize` (it reads its options there), before any bundle step runs.
    this.hooks = { initialize: () => this.install() };
  }

  install() {
    const plugin = this.serverless.pluginManager.plugins.find(
      (candidate) => candidate.constructor?.name === 'EsbuildServerlessPlugin',
    );
    if (!plugin)
      throw new this.serverless.classes.Error(
        'infra/plugins/one-build.cjs needs serverless-esbuild before it in plugins',
      );
    plugin.bundle = () => bundleInOneBuild(plugin, this.log);
  }
}

module.exports = OneBuild;
module.exports.buildOptionsOf = buildOptionsOf;
