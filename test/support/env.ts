/**
 * Runs in every `server` test worker before the test file is imported: lib/ code that a test imports
 * (document client, config) reads the standard SDK variables and TABLE_NAME, and must see DynamoDB Local.
 */
import { awsEnvFor } from '../../scripts/lib/local-env.js';
import { suitePasswordCost } from './password-cost.js';
import { testStore } from './store.js';

Object.assign(process.env, awsEnvFor({ endpoint: testStore().dynamoEndpoint, ownEmulator: true }), {
  TABLE_NAME: testStore().tableName,
  // Handlers invoked in-process would otherwise print a log line and an EMF metric line per request. 'error', not
  // 'warn': the fault tests' injected failures are logged at warn with their stacks, and a worker runs many files in
  // one module graph (isolate: false), so the logger is made once, at the level of the first file it loads for.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  POWERTOOLS_METRICS_DISABLED: 'true',
  // Like the local stage of serverless offline (serverless.yml params): the suite sends at machine speed.
  // test/e2e/rate-limit.test.ts sets small limits for its own in-process requests.
  RATE_LIMIT_PER_SECOND: process.env.RATE_LIMIT_PER_SECOND ?? '1000',
  RATE_LIMIT_BURST: process.env.RATE_LIMIT_BURST ?? '2000',
  // The local stage's (serverless.yml params.local): webhook receivers in the tests listen on 127.0.0.1, and the
  // handlers the in-process gateway runs (test/support/in-process-gateway.ts) judge webhook URLs in this process.
  WEBHOOKS_ALLOW_PRIVATE_URLS: process.env.WEBHOOKS_ALLOW_PRIVATE_URLS ?? 'true',
  // What serverless offline tells its functions, and the in-process gateway stands in for it: plain HTTP on this
  // machine, so the panel's cookies are not Secure (lib/panel/lambda.ts).
  IS_OFFLINE: 'true',
  // Passwords hashed at N=2^10, not 2^17 (test/support/password-cost.ts): the suite signs hundreds of customers up
  // and in, at ~0.4 s of CPU each at the deployed cost.
  PASSWORD_SCRYPT_LOG2N: suitePasswordCost(),
});
