import { fileURLToPath } from 'node:url';

/** The repository root, found from this file rather than the working directory so scripts run from anywhere. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
