/**
 * Domain errors. They say what went wrong in the store's own terms and know nothing of HTTP;
 * `lib/http/error-response.ts` registers, once, which answer each class becomes (lib/http/error-map.ts).
 */

export interface FieldError {
  field: string;
  message: string;
}

export abstract class DomainError extends Error {
  constructor(readonly detail?: string) {
    super(detail ?? new.target.name);
    this.name = new.target.name;
  }
}

/** The object named in the path does not exist (or the caller may not know it does). */
export class NotFoundError extends DomainError {}

/** The request is well-formed but its content breaks a rule. */
export class ValidationError extends DomainError {
  constructor(
    detail: string,
    readonly errors: FieldError[] = [],
  ) {
    super(detail);
  }

  static forFields(errors: FieldError[]): ValidationError {
    const first = errors[0];
    return new ValidationError(first ? first.message : 'Invalid request', errors);
  }
}

/** A 400 about one field: the message, and the one entry of `errors` naming the field. */
export const invalidField = (field: string, message: string): ValidationError =>
  new ValidationError(message, [{ field, message }]);

/** The caller is authenticated but may not do this (missing privilege or escalation guard). */
export class ForbiddenError extends DomainError {}

/**
 * A write lost a race it cannot win by retrying (e.g. the object changed under it too
 * many times in a row). Rare; the client may simply retry.
 */
export class ConflictError extends DomainError {}

/**
 * A conditional write found the object no longer as the caller saw it (a stale `If-Match`); nothing
 * was changed.
 */
export class StaleError extends DomainError {}

/** The database is throttling or unreachable; nothing was written. */
export class UnavailableError extends DomainError {}

/** The request carries no valid credentials (none, malformed, unknown, wrong or inactive: all look the same). */
export class UnauthenticatedError extends DomainError {}

/** A refusal that passes after a while: `retryAfterSeconds` says when to try again. */
export abstract class RetryLaterError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

/** Too many failed sign-ins from this address for this login: locked out until the window ends. */
export class LockedOutError extends RetryLaterError {}

/** The caller used up its share of requests (the per-user token bucket is empty). */
export class RateLimitedError extends RetryLaterError {}
