/**
 * Runs in every `server` test worker before the test file is imported: lib/ code that a test imports
 * (document client, config) reads the standard SDK variables and TABLE_NAME, and must see DynamoDB Local.
 */
import { inject } from 'vitest';
import { awsEnvFor } from '../../scripts/lib/local-env.js';

Object.assign(process.env, awsEnvFor({ endpoint: inject('dynamoEndpoint'), ownEmulator: true }), {
  TABLE_NAME: inject('tableName'),
});
