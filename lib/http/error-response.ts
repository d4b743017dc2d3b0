import { ConflictError, DomainError, ForbiddenError, NotFoundError, StaleError, UnavailableError, ValidationError, type FieldError } from '../errors.js';
import { log } from '../log.js';
import { HttpError, REASONS } from './http-errors.js';

export interface ErrorResult {
  status: number;
  body: { message: string; status: number; errors?: FieldError[] };
  headers: Record<string, string>;
}

// What the SDK raises when DynamoDB throttles, fails or cannot be reached: nothing was written, try again shortly.
const TRANSIENT_NAMES = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'TransactionInProgressException',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, $metadata } = error as Error & { code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    TRANSIENT_NAMES.has(error.name) ||
    (code !== undefined && NETWORK_CODES.has(code)) ||
    ($metadata?.httpStatusCode ?? 0) >= 500
  );
}

function result(status: number, detail?: string, errors?: FieldError[], headers: Record<string, string> = {}): ErrorResult {
  const reason = REASONS[status] ?? 'Error';
  return {
    status,
    body: { message: detail ? `${reason}: ${detail}` : reason, status, ...(errors && errors.length > 0 ? { errors } : {}) },
    headers,
  };
}

/** The one place where any error becomes a contract-format answer (SPEC §3). Internals never leave. */
export function errorToResult(error: unknown): ErrorResult {
  if (error instanceof HttpError) return result(error.status, error.detail, error.errors, error.headers);
  if (error instanceof DomainError) {
    if (error instanceof ValidationError) return result(400, error.detail, error.errors);
    if (error instanceof NotFoundError) return result(404, error.detail);
    if (error instanceof ForbiddenError) return result(403, error.detail);
    if (error instanceof ConflictError) return result(409, error.detail);
    if (error instanceof StaleError) return result(412, error.detail);
    if (error instanceof UnavailableError) return result(503, error.detail, undefined, { 'Retry-After': '1' });
  }
  if (isTransientDatabaseError(error)) {
    log('warn', 'database unavailable', { error: describe(error) });
    return result(503, 'The database is busy or unreachable; nothing was changed, try again', undefined, { 'Retry-After': '1' });
  }
  log('error', 'unexpected error', { error: describe(error) });
  return result(500);
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
}
