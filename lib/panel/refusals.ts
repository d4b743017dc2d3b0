import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';

/** The HTTP status of a refusal the panel shows as a page (403, 400, 404), or undefined for an unexpected error. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof ValidationError) return 400;
  if (error instanceof NotFoundError) return 404;
  return undefined;
}
