/**
 * How the tests start the admin command line: what `npm run admin` runs (package.json, scripts/admin-cli.mjs: the
 * bundle of scripts/admin.ts, rebuilt when a source changed), by this Node, without npm's own start-up. Run with the
 * repository as the working folder.
 */
export function adminCommand(args: readonly string[]): [command: string, args: string[]] {
  return [process.execPath, ['scripts/admin-cli.mjs', ...args]];
}
