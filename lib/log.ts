import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';

/**
 * Structured JSON logs through Powertools Logger: one object per line with the
 * service, level, timestamp, Lambda context (request id, cold start) and the
 * request's own keys (caller's user id). Never log credentials: the
 * Authorization header and API keys stay out.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

export const logger = new Logger({
  serviceName: 'store-api',
  logLevel: (process.env.LOG_LEVEL ?? 'info').toUpperCase() as 'INFO',
});

/** Starts a request's log context: Lambda context plus the given keys, nothing left from the previous request. */
export function setLogContext(context: Partial<Context> | undefined, fields: Record<string, unknown>): void {
  logger.resetKeys();
  if (context?.awsRequestId) logger.addContext(context as Context);
  logger.appendKeys(fields);
}

export function addLogContext(fields: Record<string, unknown>): void {
  logger.appendKeys(fields);
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  logger[level](message, fields);
}
