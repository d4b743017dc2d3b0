import { join } from 'node:path';
import { repoRoot } from './repo.js';

/**
 * The one bundle cache (infra/plugins/bundle-cache.cjs, BUNDLE_CACHE_DIR) of everything that bundles the functions
 * while the suite runs: the deploy tests' packagings, the emulator check's deploys, and every serverless offline the
 * tests start (each store's, the docs tests' fresh `npm start`). Git-ignored, like all of .data/; delete it to drop it.
 */
export const BUNDLE_CACHE_DIR = join(repoRoot, '.data', 'bundle-cache');
