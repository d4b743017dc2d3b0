import type { FieldError } from '../errors.js';

/** Reason phrases used as the first part of every error message (SPEC §3). */
export const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * A protocol-level failure with its status already decided: bad credentials, an
 * unknown route, a body that cannot be decoded. Domain rules use lib/errors.ts instead.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail?: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: FieldError[],
  ) {
    super(detail ? `${REASONS[status] ?? 'Error'}: ${detail}` : (REASONS[status] ?? 'Error'));
    this.name = 'HttpError';
  }
}

/** The challenge of a 401 (UnauthenticatedError), as CS-Cart sends it. */
export const BASIC_REALM = 'Basic realm="User email/API key"';

export const notFound = (detail?: string) => new HttpError(404, detail);
export const methodNotAllowed = (detail: string | undefined, allow: string[]) =>
  new HttpError(405, detail, { Allow: allow.join(', ') });
export const badRequest = (detail: string) => new HttpError(400, detail);
export const payloadTooLarge = (detail?: string) => new HttpError(413, detail);
export const unsupportedMediaType = () => new HttpError(415);
