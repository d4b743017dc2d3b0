/**
 * Runs in every `server` test worker before the test file is imported: lib/ code that a test imports
 * (document client, config) reads the standard SDK variables and TABLE_NAME, and must see DynamoDB Local.
 */
import { inject } from 'vitest';
import { awsEnvFor } from '../../scripts/lib/local-env.js';

Object.assign(process.env, awsEnvFor({ endpoint: inject('dynamoEndpoint'), ownEmulator: true }), {
  TABLE_NAME: inject('tableName'),
  // Handlers invoked in-process would otherwise print a log line and an EMF metric line per request.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  POWERTOOLS_METRICS_DISABLED: 'true',
});
