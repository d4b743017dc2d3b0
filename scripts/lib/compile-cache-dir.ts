import { join } from 'node:path';
import { repoRoot } from './repo.js';

/**
 * Node's on-disk compile cache (NODE_COMPILE_CACHE, Node 22) of every `serverless` command the deploy tests and the
 * emulator check run: each one loads the framework, its plugins and their dependencies (some 1,200 modules)
 * afresh, and compiling them was about 1.9 s of the ~7.8 s of CPU of one `serverless package`. Entries are keyed by
 * each module's source hash, so an edited module is compiled again. Git-ignored, like all of .data/.
 */
export const COMPILE_CACHE_DIR = join(repoRoot, '.data', 'node-compile-cache');
