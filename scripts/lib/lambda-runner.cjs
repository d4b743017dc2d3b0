/**
 * Runs one Lambda handler once, as the Lambda runtime would, for the emulator's HTTP API router
 * (scripts/lib/http-api-router.ts): `node lambda-runner.cjs <bundle file> <export> <event file> <result file>`.
 * The bundle is the function's own deployed code (unzipped from its artifact); the environment is the function's
 * (set by the router). The answer, or the error, is written to the result file as JSON: the handler's own log
 * lines go to stdout as on Lambda.
 */
const { readFileSync, writeFileSync } = require('node:fs');
const { randomUUID } = require('node:crypto');

const [file, exported, eventFile, resultFile] = process.argv.slice(2);
const context = {
  awsRequestId: randomUUID(),
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME ?? 'emulated',
  functionVersion: '$LATEST',
  memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE ?? '512',
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 10_000,
};

(async () => {
  try {
    const handler = require(file)[exported];
    const result = await handler(JSON.parse(readFileSync(eventFile, 'utf8')), context);
    writeFileSync(resultFile, JSON.stringify({ result }));
  } catch (error) {
    writeFileSync(resultFile, JSON.stringify({ error: String(error?.stack ?? error) }));
  }
  process.exit(0);
})();
