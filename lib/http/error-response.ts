import {
  ConflictError,
  type FieldError,
  ForbiddenError,
  NotFoundError,
  RetryLaterError,
  StaleError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../errors.js';
import { log } from '../log.js';
import { type ErrorAnswer, ErrorMap } from './error-map.js';
import { BASIC_REALM, HttpError, REASONS } from './http-errors.js';

export interface ErrorResult {
  status: number;
  body: { message: string; status: number; errors?: FieldError[] };
  headers: Record<string, string>;
}

/** Whole seconds, at least one: a client that retries at once would only be refused again. */
const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

/** The one map from error class to answer, shared by the API's stack and the panel (SPEC §3). */
export const errorMap = new ErrorMap()
  .register(HttpError, (error) => ({
    status: error.status,
    detail: error.detail,
    headers: error.headers,
    errors: error.errors,
  }))
  .register(ValidationError, (error) => ({ status: 400, detail: error.detail, errors: error.errors }))
  .register(UnauthenticatedError, () => ({ status: 401, headers: { 'WWW-Authenticate': BASIC_REALM } }))
  .register(ForbiddenError, (error) => ({ status: 403, detail: error.detail }))
  .register(NotFoundError, (error) => ({ status: 404, detail: error.detail }))
  .register(ConflictError, (error) => ({ status: 409, detail: error.detail }))
  .register(StaleError, (error) => ({ status: 412, detail: error.detail }))
  .register(RetryLaterError, (error) => ({ status: 429, headers: retryAfter(error.retryAfterSeconds) }))
  .register(UnavailableError, (error) => ({ status: 503, detail: error.detail, headers: { 'Retry-After': '1' } }));

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
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);

export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, $metadata } = error as Error & { code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    TRANSIENT_NAMES.has(error.name) ||
    (code !== undefined && NETWORK_CODES.has(code)) ||
    ($metadata?.httpStatusCode ?? 0) >= 500
  );
}

/** `Reason: detail`, the message of every error answer. */
export function errorMessage(status: number, detail?: string): string {
  const reason = REASONS[status] ?? 'Error';
  return detail ? `${reason}: ${detail}` : reason;
}

function result({ status, detail, errors, headers = {} }: ErrorAnswer): ErrorResult {
  return {
    status,
    body: { message: errorMessage(status, detail), status, ...(errors && errors.length > 0 ? { errors } : {}) },
    headers,
  };
}

/** The one place where any error becomes a contract-format answer (SPEC §3). Internals never leave. */
export function errorToResult(error: unknown): ErrorResult {
  const known = errorMap.resolve(error);
  if (known) return result(known);
  if (isTransientDatabaseError(error)) {
    log('warn', 'database unavailable', { error: describe(error) });
    return result({
      status: 503,
      detail: 'The database is busy or unreachable; nothing was changed, try again',
      headers: { 'Retry-After': '1' },
    });
  }
  log('error', 'unexpected error', { error: describe(error) });
  return result({ status: 500 });
}

function describe(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}
