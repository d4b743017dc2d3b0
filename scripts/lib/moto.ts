import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BUNDLE_CACHE_DIR } from './bundle-cache-dir.js';
import { COMPILE_CACHE_DIR } from './compile-cache-dir.js';
import { pollUntil } from './poll.js';
import { freePort } from './ports.js';
import { SupervisedGroup } from './process-group.js';
import { repoRoot } from './repo.js';
import { StartupError } from './startup-error.js';

export interface MotoServer {
  /** http://127.0.0.1:PORT: what AWS_ENDPOINT_URL points every SDK client at. */
  endpoint: string;
  /** The environment a deploy against it needs: the endpoint, a region and credentials moto accepts. */
  env: Record<string, string>;
  process: SupervisedGroup;
  stop(): Promise<void>;
}

/**
 * Starts moto's server (moto, the AWS-API emulator: `pip install 'moto[server]'`) on a free port, in its own
 * process group, and waits until it answers. It runs through moto-server.py, which closes moto's gaps in
 * CloudFormation exports, with the Python that has moto (MOTO_PYTHON, default python3). Moto keeps
 * everything in memory: a stopped server leaves nothing.
 */
export async function startMoto(
  options: {
    startTimeoutMs?: number;
    /** While this file exists, ValidateTemplate only parses a template instead of running cfn-lint on it. */
    lintPauseFile?: string;
  } = {},
): Promise<MotoServer> {
  const command = process.env.MOTO_PYTHON ?? 'python3';
  const commandArgs = [join(repoRoot, 'scripts/lib/moto-server.py')];
  const port = await freePort();
  const child = spawn(command, [...commandArgs, '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, ...(options.lintPauseFile ? { MOTO_LINT_PAUSE_FILE: options.lintPauseFile } : {}) },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const group = await SupervisedGroup.start('moto_server', child).catch((error: Error) => {
    throw new StartupError(
      `${error.message} (install moto with: pip install 'moto[server]'; MOTO_PYTHON names the Python that has it)`,
    );
  });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await pollUntil(
      () =>
        fetch(`${endpoint}/moto-api/`).then(
          (r) => r.ok,
          () => false,
        ),
      {
        what: `moto_server on port ${port}`,
        timeoutMs: options.startTimeoutMs ?? 60_000,
        gaveUp: () => group.exitReason(),
        details: () => group.output(),
      },
    );
  } catch (error) {
    await group.stop();
    throw error;
  }
  const env = {
    AWS_ENDPOINT_URL: endpoint,
    AWS_ACCESS_KEY_ID: 'testing',
    AWS_SECRET_ACCESS_KEY: 'testing',
    AWS_SESSION_TOKEN: '',
    AWS_PROFILE: '',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    AWS_EC2_METADATA_DISABLED: 'true',
    // serverless polls CloudFormation every 5 s while a stack changes (and once per stack however quick); moto
    // finishes a stack within its request, so each poll was a 5 s sleep: about 50 per upgrade check.
    SLS_AWS_MONITORING_FREQUENCY: '200',
    // serverless.yml custom.esbuild: packaging bundles here and removes it, leaving .esbuild/ to a running offline.
    ESBUILD_WORK_FOLDER: '.data/esbuild-moto',
    // infra/plugins/bundle-cache.cjs: the second deploy and the restore drill package unchanged sources again; their
    // bundles are read back (the same bytes, every input re-hashed) instead of rebuilt.
    BUNDLE_CACHE_DIR,
    // scripts/lib/compile-cache-dir.ts: every serverless (and tsx script) of the check compiles the framework's
    // modules once, not once per command: about 60 commands.
    NODE_COMPILE_CACHE: COMPILE_CACHE_DIR,
    // infra/plugins/config-validation-switch.cjs: the schema validation of the same serverless.yml, ~40 % of each
    // command's CPU, is left to test/deploy/template.test.ts (once per run) instead of every command here.
    SKIP_CONFIG_VALIDATION: 'true',
  };
  return { endpoint, env, process: group, stop: () => group.stop() };
}

/**
 * The environment of a command run against `moto`: the caller's, less whatever points at another DynamoDB (a test
 * run's global setup leaves AWS_ENDPOINT_URL_DYNAMODB and TABLE_NAME of its DynamoDB Local in process.env; the SDK
 * prefers a service's own endpoint variable to AWS_ENDPOINT_URL, so the admin command line's and the deploy's
 * migrations' DynamoDB calls went there), plus moto's endpoint, region and credentials.
 */
export function motoProcessEnv(base: NodeJS.ProcessEnv, moto: Pick<MotoServer, 'env'>): NodeJS.ProcessEnv {
  const kept = Object.entries(base).filter(
    ([name]) => !/^AWS_ENDPOINT_URL_/.test(name) && name !== 'TABLE_NAME' && name !== 'DYNAMODB_PORT',
  );
  return { ...Object.fromEntries(kept), ...moto.env };
}
