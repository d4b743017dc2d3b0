/**
 * Writes a zip of files read from disk, the same bytes for the same contents: every entry carries one fixed
 * modification time and its file's permission bits, in the order given. The framework's "no changes, deployment
 * skipped" check compares the artifacts' hashes with the last deploy's, so a zip that differed on every packaging
 * would redeploy every function every time.
 */
const { createWriteStream, readFileSync, statSync } = require('node:fs');
const { ZipFile } = require('yazl');

/** 1980-01-01, the earliest time a zip entry can hold. */
const FIXED_MTIME = new Date(1980, 0, 1);

/** `files`: { name in the zip, path on disk }. */
function writeZip(zipPath, files) {
  const zip = new ZipFile();
  for (const { name, path } of files)
    zip.addBuffer(readFileSync(path), name, { mtime: FIXED_MTIME, mode: statSync(path).mode, compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    const out = createWriteStream(zipPath);
    out.on('close', resolve);
    out.on('error', reject);
    zip.outputStream.on('error', reject).pipe(out);
  });
}

module.exports = { writeZip };
