import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How `npm run` starts a script of the checkout at `root`: the admin command line from its bundle where the checkout
 * has one (scripts/admin-cli.mjs, this code's `npm run admin`), every other script (and an older checkout's admin)
 * through tsx.
 */
function commandOf(root: string, script: string): string[] {
  const launcher = join(root, 'scripts', 'admin-cli.mjs');
  if (script === 'admin.ts' && existsSync(launcher)) return [launcher];
  return ['--import', 'tsx', join(root, 'scripts', script)];
}

/** `scripts/<script> …` of the checkout at `root` with `env`; its output goes to `log` and comes back. */
export function runScript(
  root: string,
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<{ code: number; output: string[] }> {
  const output: string[] = [];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...commandOf(root, script), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      let rest = '';
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          output.push(line);
          log(line);
        }
      });
    }
    child.on('error', fail);
    child.on('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}
