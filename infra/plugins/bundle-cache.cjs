/**
 * A cache of esbuild bundles, one record per entry point, for infra/plugins/esbuild-bundles.cjs; used only when
 * BUNDLE_CACHE_DIR names a folder (the deploy tests and the emulator check set it, under .data/). The emulator check
 * packages every stack again for its second deploy and the events stack twice more for the restore drill, and the
 * deploy tests package the same stacks in several files and runs: the same entry with the same options and the same
 * sources makes the same bytes, so those builds are read back instead of made again.
 *
 * A record is found by the build's options (less where it writes), esbuild's version, the project's package.json and
 * tsconfig.json, and the entry; it holds the bytes esbuild wrote and every input esbuild read for them (its
 * metafile), each with the SHA-256 of its content. It is used only if every input still hashes the same, read from
 * the same path relative to the build's working folder (esbuild writes those paths into CommonJS wrappers, so a
 * scratch copy elsewhere makes other bytes and finds other records). Anything changed, added to or removed from
 * what a bundle is made of is a miss, and the entry is built as before. Builds with esbuild plugins are not cached.
 */
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { dirname, isAbsolute, join, relative, resolve } = require('node:path');

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** What the bytes of every bundle of a build depend on, besides its entry and its inputs. */
function optionsKey(options, version) {
  const { entryPoints, plugins, absWorkingDir, outbase, outdir, metafile, write, ...rest } = options;
  const project = ['package.json', 'tsconfig.json'].map((file) => {
    const path = join(absWorkingDir, file);
    return existsSync(path) ? sha256(readFileSync(path)) : '';
  });
  return JSON.stringify({ version, rest, project, outbaseFromRoot: relative(absWorkingDir, outbase ?? absWorkingDir) });
}

/** SHA-256 of a file, once per build; null for what is no file (esbuild's own namespaces, a vanished file). */
function hasher(root) {
  const seen = new Map();
  return (path) => {
    if (!seen.has(path)) {
      const full = resolve(root, path);
      seen.set(path, existsSync(full) && statSync(full).isFile() ? sha256(readFileSync(full)) : null);
    }
    return seen.get(path);
  };
}

class BundleCache {
  constructor(dir, options, version) {
    this.dir = dir;
    this.root = options.absWorkingDir;
    this.outdir = options.outdir;
    this.key = optionsKey(options, version);
    this.hash = hasher(this.root);
  }

  recordPath(entry) {
    return join(this.dir, `${sha256(`${this.key}\n${entry}`)}.json`);
  }

  /** The entry's bundle written where the build would write it, if a record of the same sources exists. */
  restore(entry) {
    const path = this.recordPath(entry);
    if (!existsSync(path)) return false;
    let record;
    try {
      record = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return false;
    }
    if (!Object.entries(record.inputs).every(([input, hash]) => this.hash(input) === hash)) return false;
    const out = join(this.outdir, record.output);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, Buffer.from(record.bytes, 'base64'));
    return true;
  }

  /** Records every bundle of a build made with `metafile: true` (written to disk: read back from `outdir`). */
  store(metafile) {
    mkdirSync(this.dir, { recursive: true });
    for (const [output, { entryPoint, inputs }] of Object.entries(metafile.outputs)) {
      if (!entryPoint) continue;
      const full = resolve(this.root, output);
      const record = {
        output: relative(this.outdir, full),
        inputs: Object.fromEntries(Object.keys(inputs).map((input) => [input, this.hash(input)])),
        bytes: readFileSync(full).toString('base64'),
      };
      if (isAbsolute(record.output) || record.output.startsWith('..')) continue;
      // Another process may write the same record at once: each writes its own file and renames it into place.
      const path = this.recordPath(entryPoint);
      const partial = `${path}.${process.pid}.${Date.now()}`;
      writeFileSync(partial, JSON.stringify(record));
      renameSync(partial, path);
    }
  }
}

/**
 * Builds `options` (esbuild options with several entry points, written to disk) through the cache in `dir`: restores
 * the entries it holds, builds the others in one build and records them. Returns how many entries it restored.
 */
async function buildThroughCache(esbuild, options, dir) {
  if (!dir || (options.plugins ?? []).length > 0) {
    await esbuild.build(options);
    return 0;
  }
  const cache = new BundleCache(resolve(dir), options, esbuild.version);
  const missing = options.entryPoints.filter((entry) => !cache.restore(entry));
  if (missing.length > 0) {
    const result = await esbuild.build({ ...options, entryPoints: missing, metafile: true });
    cache.store(result.metafile);
  }
  return options.entryPoints.length - missing.length;
}

module.exports = { buildThroughCache, optionsKey };
