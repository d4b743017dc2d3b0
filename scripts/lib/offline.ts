import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_STAGE } from './local-env.js';
import { pollUntil } from './poll.js';
import { SupervisedGroup, type SuperviseOptions } from './process-group.js';
import { repoRoot } from './repo.js';

/**
 * Variables of ours that serverless.yml reads as `${param:...}` into provider.environment. serverless-offline
 * gives handlers only AWS_* variables from our environment plus provider.environment, so these travel as
 * `--param name=value` instead.
 */
const PARAM_FROM_ENV = {
  STORE_EDITION: 'storeEdition',
  CORS_ORIGINS: 'corsOrigins',
  AUTH_CACHE_TTL_MS: 'authCacheTtlMs',
  RATE_LIMIT_PER_SECOND: 'rateLimitPerSecond',
  RATE_LIMIT_BURST: 'rateLimitBurst',
  IDEMPOTENCY_LOCK_SECONDS: 'idempotencyLockSeconds',
  LOG_LEVEL: 'logLevel',
  WEBHOOKS_ALLOW_PRIVATE_URLS: 'webhooksAllowPrivateUrls',
  PASSWORD_SCRYPT_LOG2N: 'passwordScryptLog2N',
} as const;

export interface OfflineOptions extends SuperviseOptions {
  httpPort: number;
  /** serverless-offline's Lambda invoke endpoint; it binds one, default 3002, so we choose a free one. */
  lambdaPort: number;
  /** From `awsEnvFor`: the endpoint, region and credentials the handlers use. */
  awsEnv: Record<string, string>;
  /** Reload handler code on every request, so edits show up without a restart (`npm start -- --reload`); slower under load. */
  reloadHandler?: boolean;
  /** Bundling ~17 functions with esbuild before the server listens takes a while on a small machine. */
  startTimeoutMs?: number;
  /** The directory holding serverless.yml (the repository; a scratch copy in experiments). */
  serviceDir?: string;
}

export interface Offline {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The process group, for output(), echoTo() and exited(). */
  process: SupervisedGroup;
  stop(): Promise<void>;
}

/** Runs `serverless offline start --stage local` and waits until its HTTP server answers. */
export async function startOffline(options: OfflineOptions): Promise<Offline> {
  const { httpPort, lambdaPort, awsEnv, serviceDir = repoRoot, startTimeoutMs = 120_000 } = options;
  const args = [
    serverlessBin(serviceDir),
    'offline',
    'start',
    '--stage',
    LOCAL_STAGE,
    '--region',
    awsEnv.AWS_REGION ?? 'us-east-1',
    '--host',
    '127.0.0.1',
    '--httpPort',
    String(httpPort),
    '--lambdaPort',
    String(lambdaPort),
    '--noSponsor',
    // In-process, every function's module is loaded once and serves concurrent requests (50 parallel orders
    // would otherwise start 50 worker threads, each loading its bundle, and time out on 2 cores). Reloading
    // handler code on every request needs worker threads, so it is the opt-in of `npm start -- --reload`.
    ...(options.reloadHandler ? ['--reloadHandler'] : ['--useInProcess']),
    ...paramsFromEnv(process.env),
  ];
  // Our own Node runs the CLI: the one npm put on PATH (Node 22), whatever `node` a shebang would find.
  const child = spawn(process.execPath, args, {
    cwd: serviceDir,
    env: {
      ...process.env,
      ...awsEnv,
      SLS_TELEMETRY_DISABLED: '1',
      SLS_NOTIFICATIONS_MODE: 'off',
    },
    // Its own process group, so that stopping it also stops esbuild and the handler workers.
    detached: true,
    // No stdin: it must never wait for a prompt (CI has no terminal).
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const group = await SupervisedGroup.start('serverless offline', child, options);

  const url = `http://127.0.0.1:${httpPort}`;
  try {
    await pollUntil(() => answers(`${url}/api/version`), {
      what: `serverless offline on port ${httpPort}`,
      timeoutMs: startTimeoutMs,
      intervalMs: 500,
      gaveUp: () => group.exitReason(),
      details: () => group.output(),
    });
  } catch (error) {
    await group.stop();
    throw error;
  }
  return { url, process: group, stop: () => group.stop() };
}

/** node_modules/.bin/serverless is a symlink to the CLI's JavaScript entry point. */
function serverlessBin(serviceDir: string): string {
  return realpathSync(join(serviceDir, 'node_modules', '.bin', 'serverless'));
}

function paramsFromEnv(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(PARAM_FROM_ENV).flatMap(([variable, param]) => {
    const value = env[variable];
    // An empty value is the serverless.yml default anyway, and `--param name=` is not accepted by every version.
    return value ? ['--param', `${param}=${value}`] : [];
  });
}

/** Any HTTP answer (401 included) means the server is up; only a refused or hung connection means it is not. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}
