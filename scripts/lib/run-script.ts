import { spawn } from 'node:child_process';
import { join } from 'node:path';

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
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), ...args], {
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
