/**
 * `npm run package [-- serverless options…]`: `serverless package`, with a private TMPDIR removed afterwards
 * (scripts/lib/scratch-dir.ts: whatever a tool leaves in the temporary directory goes with it).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './lib/repo.js';
import { createScratchDir } from './lib/scratch-dir.js';

const scratch = createScratchDir();
const child = spawn(join(repoRoot, 'node_modules/.bin/serverless'), ['package', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, TMPDIR: scratch.path },
});
child.on('error', (error) => {
  console.error(`package: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
