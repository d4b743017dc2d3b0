/**
 * `npm start`: DynamoDB Local (unless --dynamodb-endpoint), the table, the bootstrap administrator, then the
 * API under serverless offline (README "Quick start"). Ctrl-C stops everything it started.
 */

import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTable } from '../lib/db/setup.js';
import { startDynamoDbLocal } from './lib/dynamodb-local.js';
import { startLocalChangeFeed } from './lib/local-change-feed.js';
import { awsEnvFor, LOCAL_TABLE_NAME, scriptDynamoClient } from './lib/local-env.js';
import { startOffline } from './lib/offline.js';
import { assertPortFree, freePort } from './lib/ports.js';
import { type SupervisedGroup, stopAllGroups } from './lib/process-group.js';
import { repoRoot } from './lib/repo.js';
import { chooseLogFormat, type LogFormat, requestLogStream } from './lib/request-log.js';
import { StartupError } from './lib/startup-error.js';
import { startWebhookRetryTimer } from './lib/webhook-retry-timer.js';

const USAGE = `Usage: npm start [-- --in-memory | --dynamodb-endpoint URL] [--reload] [--log-format pretty|json]
  --in-memory               DynamoDB Local keeps nothing on disk (default: data in .data/)
  --reload                  reload handler code on every request (edits show without a restart; slower under load)
  --dynamodb-endpoint URL   start no DynamoDB Local; serve the API from the DynamoDB at URL
  --log-format pretty|json  the request log: one readable line per request, or the functions' JSON lines
                            (default: pretty when stdout is a terminal, json otherwise)
Environment: PORT (3000), DYNAMODB_PORT (8000), BOOTSTRAP_ADMIN_EMAIL, BOOTSTRAP_ADMIN_API_KEY,
  STORE_EDITION, CORS_ORIGINS, AUTH_CACHE_TTL_MS, LOG_LEVEL, NO_COLOR (no colours in the request log)`;

interface Options {
  inMemory: boolean;
  reload: boolean;
  dynamodbEndpoint: string | undefined;
  httpPort: number;
  dynamoPort: number;
  logFormat: LogFormat;
}

function readOptions(): Options {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'in-memory': { type: 'boolean', default: false },
        reload: { type: 'boolean', default: false },
        'dynamodb-endpoint': { type: 'string' },
        'log-format': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new StartupError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const endpoint = values['dynamodb-endpoint'];
  if (endpoint !== undefined && !URL.canParse(endpoint)) {
    throw new StartupError(`--dynamodb-endpoint needs a URL such as http://127.0.0.1:8000, not '${endpoint}'`);
  }
  if (endpoint !== undefined && values['in-memory']) {
    throw new StartupError(
      '--in-memory applies to the DynamoDB Local that --dynamodb-endpoint replaces; use one of them',
    );
  }
  // serverless.yml derives the handlers' table from the stage; a different TABLE_NAME here would split the data.
  if (process.env.TABLE_NAME && process.env.TABLE_NAME !== LOCAL_TABLE_NAME) {
    throw new StartupError(
      `TABLE_NAME=${process.env.TABLE_NAME} is not supported by npm start: the local stage always uses ${LOCAL_TABLE_NAME}; unset it`,
    );
  }
  let logFormat: LogFormat;
  try {
    logFormat = chooseLogFormat(values['log-format'], process.stdout.isTTY === true);
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  return {
    logFormat,
    inMemory: values['in-memory'],
    reload: values.reload,
    dynamodbEndpoint: endpoint,
    httpPort: readPort('PORT', 3000),
    dynamoPort: readPort('DYNAMODB_PORT', 8000),
  };
}

function readPort(variable: string, fallback: number): number {
  const text = process.env[variable];
  if (!text) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new StartupError(`${variable}=${text} is not a port number`);
  }
  return port;
}

async function main(): Promise<void> {
  const options = readOptions();
  // Fail before the slow steps if the API port is taken.
  await assertPortFree(options.httpPort, 'set PORT to use another one');
  const watched: SupervisedGroup[] = [];

  let endpoint = options.dynamodbEndpoint;
  let storage = `${endpoint ?? ''} (given with --dynamodb-endpoint)`;
  if (endpoint === undefined) {
    console.log(`Starting DynamoDB Local on port ${options.dynamoPort}...`);
    const dynamo = await startDynamoDbLocal({
      port: options.dynamoPort,
      inMemory: options.inMemory,
      withoutJava: 'use --dynamodb-endpoint URL',
      portHint: 'set DYNAMODB_PORT to use another one',
    });
    endpoint = dynamo.endpoint;
    storage = `${endpoint} (DynamoDB Local, ${dynamo.dataDir ? `data in ${relative(repoRoot, dynamo.dataDir) || '.'}/` : 'in memory'})`;
    watched.push(dynamo.process);
  }

  // lib/ reads the standard SDK variables and TABLE_NAME, like the handlers do; set them before it loads.
  const awsEnv = awsEnvFor({ endpoint, ownEmulator: options.dynamodbEndpoint === undefined });
  Object.assign(process.env, awsEnv, { TABLE_NAME: LOCAL_TABLE_NAME });
  // --- webhooks (issue 20) --- a receiver on this machine is allowed locally (docs/configuration.md).
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS ??= 'true';

  const client = scriptDynamoClient(awsEnv);
  let tableExisted = false;
  try {
    const table = await ensureTable(client, LOCAL_TABLE_NAME);
    tableExisted = table === 'existed';
    console.log(`Table ${LOCAL_TABLE_NAME}: ${table}`);
  } catch (error) {
    // Mostly a wrong --dynamodb-endpoint or missing credentials for it: say which, without a stack.
    throw new StartupError(
      `Could not check or create table ${LOCAL_TABLE_NAME} at ${endpoint}: ${(error as Error).message}`,
    );
  } finally {
    client.destroy();
  }

  // Imported only now: whatever it creates at module scope sees the environment set above.
  const { ensureBootstrapAdmin } = await import('../lib/bootstrap.js');
  const envKey = process.env.BOOTSTRAP_ADMIN_API_KEY || undefined;
  const admin = await ensureBootstrapAdmin({
    email: process.env.BOOTSTRAP_ADMIN_EMAIL || undefined,
    apiKey: envKey,
  });
  const generatedKey = admin.created && envKey === undefined ? admin.apiKey : undefined;
  // The stream consumer the deployment runs as a stream-triggered Lambda, fed from DynamoDB Local's stream.
  const changeFeed = await startLocalChangeFeed(awsEnv, LOCAL_TABLE_NAME, (error) =>
    console.error(`change feed: ${error.message}`),
  );
  stopChangeFeed = () => changeFeed.stop();

  console.log('Bundling the functions and starting serverless offline (this takes a while)...');
  const offline = await startOffline({
    httpPort: options.httpPort,
    lambdaPort: await freePort(),
    awsEnv,
    reloadHandler: options.reload,
  });
  watched.push(offline.process);
  // --- webhooks (issue 20) --- the retry schedule, locally.
  startWebhookRetryTimer();
  // From now on show the request log (the handlers' log lines) and anything else offline says.
  const color = options.logFormat === 'pretty' && process.stdout.isTTY === true && !process.env.NO_COLOR;
  offline.process.echoTo(requestLogStream(process.stdout, { format: options.logFormat, color }));

  // PUBLIC_URL: where clients reach this server when that is not localhost (a proxy or tunnel with a domain).
  const url = (process.env.PUBLIC_URL ?? '').replace(/\/+$/, '') || `http://localhost:${options.httpPort}`;
  console.log(
    [
      '',
      `Store API: ${url}/api/ (also ${url}/api/2.0/ and ${url}/api.php?_d=...&ajax_custom=1)`,
      `DynamoDB:  ${storage}, table ${LOCAL_TABLE_NAME}`,
      bootstrapSummary(admin, envKey !== undefined),
      ...(generatedKey
        ? ['', `  API key: ${generatedKey}`, '  It is shown only this once and stored only as a hash: copy it now.', '']
        : []),
      // The README's examples read EMAIL and KEY from the shell: one line to paste.
      `Set:  export EMAIL='${admin.email}' KEY='${generatedKey ?? envKey ?? '<your API key>'}' API='${url}/api'`,
      `Try:  curl -u "$EMAIL:$KEY" ${url}/api/version`,
      `Request log: ${options.logFormat === 'pretty' ? 'one line per request (--log-format json for JSON lines)' : 'one JSON line per request (--log-format pretty for readable lines)'}.`,
      `Admin panel: ${url}/admin/ (sign in with a password from: npm run admin -- set-password --email ${admin.email})`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );

  if (tableExisted) void upgradeLocalTable();

  // If DynamoDB Local or offline dies on its own, the other is useless: stop and say why.
  const [name, reason] = await Promise.race(
    watched.map((group) => group.exited().then((how) => [group.name, how] as const)),
  );
  if (!shuttingDown) {
    console.error(`${name} ${reason}; stopping.`);
    await shutDown(1);
  }
}

/**
 * A table kept from an older version of this code gets the current item layout, as `npm run deploy` gives a
 * stage (lib/db/migrations/): in the background while the API answers — lists read the old layout until
 * the new one is complete. Each migration done costs a GetItem from then on. `MIGRATION_RATE` bounds it.
 */
async function upgradeLocalTable(): Promise<void> {
  const { migrationRateFromEnv, runMigrations } = await import('../lib/db/migrations/runner.js');
  try {
    const ran = await runMigrations({
      recordsPerSecond: migrationRateFromEnv(),
      log: (line) => console.log(`[migrate] ${line}`),
    });
    if (ran.length > 0) console.log(`[migrate] the table is on the current item layout (${ran.join(', ')})`);
  } catch (error) {
    console.error(`[migrate] stopped: ${(error as Error).message}; npm run admin -- migrate resumes it`);
  }
}

function bootstrapSummary(admin: { email: string; apiKey?: string; created: boolean }, keyFromEnv: boolean): string {
  const fromEnv = keyFromEnv && admin.apiKey ? ' with the key from BOOTSTRAP_ADMIN_API_KEY' : '';
  if (admin.created) return `Administrator ${admin.email} created${fromEnv}.`;
  if (fromEnv || process.env.BOOTSTRAP_ADMIN_EMAIL) return `Administrator ${admin.email} exists${fromEnv}.`;
  return 'The database already has users, so no bootstrap administrator was created (keys are never shown again).';
}

let shuttingDown = false;
let stopChangeFeed: () => Promise<void> = async () => {};

/** Stops offline first (it still has requests in flight), then DynamoDB Local, and exits. */
async function shutDown(code: number): Promise<never> {
  shuttingDown = true;
  try {
    await stopChangeFeed().catch(() => undefined);
    await stopAllGroups();
  } finally {
    process.exit(code);
  }
}

let firstSignalAt = 0;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (shuttingDown) {
      // A Ctrl-C in a terminal reaches us twice at once: from the terminal and forwarded by npm. Only a
      // later one means "stop waiting"; the exit hook then still SIGKILLs every group we started.
      if (Date.now() - firstSignalAt > 1_000) process.exit(130);
      return;
    }
    firstSignalAt = Date.now();
    console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping...`);
    void shutDown(0);
  });
}

main().catch(async (error: unknown) => {
  if (shuttingDown) return;
  console.error(error instanceof StartupError ? error.message : error);
  await shutDown(1);
});
