import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConflictError,
  ForbiddenError,
  LockedOutError,
  NotFoundError,
  RateLimitedError,
  StaleError,
  UnauthenticatedError,
  UnavailableError,
  ValidationError,
} from '../../lib/errors.js';
import { ErrorMap } from '../../lib/http/error-map.js';
import { errorToResult } from '../../lib/http/error-response.js';
import { HttpError, methodNotAllowed } from '../../lib/http/http-errors.js';
import { logger } from '../../lib/log.js';
import { statusOf } from '../../lib/panel/refusals.js';

describe('errorToResult (SPEC §3)', () => {
  beforeEach(() => {
    // Powertools Logger writes through its own console; silence it and watch what it is given.
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    [new NotFoundError(), 404, 'Not Found'],
    [new NotFoundError('No such user'), 404, 'Not Found: No such user'],
    [
      new ForbiddenError('Only a root administrator may do this'),
      403,
      'Forbidden: Only a root administrator may do this',
    ],
    [new ConflictError('Try again'), 409, 'Conflict: Try again'],
    [new ValidationError('The type field is required'), 400, 'Bad Request: The type field is required'],
  ])('maps %o to %d', (error, status, message) => {
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(status);
    expect(result.body).toEqual({ message, status });
  });

  it('a ValidationError carries its errors', () => {
    // Prepare
    const errors = [
      { field: 'type', message: 'The type field is required' },
      { field: 'status', message: 'The status field is required' },
    ];
    // Act
    const result = errorToResult(ValidationError.forFields(errors));
    // Assess
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ message: 'Bad Request: The type field is required', status: 400, errors });
  });

  it('an UnavailableError is 503 with Retry-After', () => {
    // Act
    const result = errorToResult(new UnavailableError());
    // Assess
    expect(result.status).toBe(503);
    expect(result.body.status).toBe(503);
    expect(result.headers['Retry-After']).toMatch(/^\d+$/);
  });

  it('an UnauthenticatedError is 401 with the Basic realm', () => {
    // Act
    const result = errorToResult(new UnauthenticatedError());
    // Assess
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: 'Unauthorized', status: 401 });
    expect(result.headers['WWW-Authenticate']).toBe('Basic realm="User email/API key"');
  });

  it('keeps the headers of an HttpError (405 Allow)', () => {
    // Act
    const notAllowed = errorToResult(methodNotAllowed('Object ID undefined', ['GET', 'POST']));
    // Assess
    expect(notAllowed.body).toEqual({ message: 'Method Not Allowed: Object ID undefined', status: 405 });
    expect(notAllowed.headers).toEqual({ Allow: 'GET, POST' });
  });

  it.each([
    [new LockedOutError(42.2), '43'],
    [new RateLimitedError(0.2), '1'],
  ])('a lock-out or an empty bucket (%o) is 429 with Retry-After in whole seconds, at least one', (error, seconds) => {
    // Act
    const throttled = errorToResult(error);
    // Assess
    expect(throttled.body).toEqual({ message: 'Too Many Requests', status: 429 });
    expect(throttled.headers).toEqual({ 'Retry-After': seconds });
  });

  it('a StaleError is 412', () => {
    // Act
    const result = errorToResult(new StaleError('The object changed'));
    // Assess
    expect(result.body).toEqual({ message: 'Precondition Failed: The object changed', status: 412 });
  });

  it('an HttpError with field errors carries them', () => {
    // Prepare
    const errors = [{ field: 'status', message: 'The status field is required' }];
    // Act
    const result = errorToResult(new HttpError(400, 'The status field is required', {}, errors));
    // Assess
    expect(result.body.errors).toEqual(errors);
  });

  it('an unknown Error is a 500 with exactly the bare message, no internals', () => {
    // Prepare
    const error = new TypeError("Cannot read properties of undefined (reading 'secret_table')");
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(500);
    expect(JSON.stringify(result.body)).toBe('{"message":"Internal Server Error","status":500}');
    expect(result.headers['Retry-After']).toBeUndefined();
  });

  it('a thrown non-Error value is a 500 as well', () => {
    // Act
    const result = errorToResult('boom');
    // Assess
    expect(JSON.stringify(result.body)).toBe('{"message":"Internal Server Error","status":500}');
  });

  it('logs an unexpected error (to the log, not to the client)', () => {
    // Prepare
    const spy = vi.mocked(logger.error);
    // Act
    errorToResult(new Error('disk on fire'));
    // Assess
    expect(spy).toHaveBeenCalled();
    expect(JSON.stringify(spy.mock.calls[0])).toContain('disk on fire');
  });

  it('a throttling SDK error is 503 with Retry-After', () => {
    // Prepare
    const error = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(503);
    expect(result.body.status).toBe(503);
    expect(result.body.message).toMatch(/^Service Unavailable/);
    expect(result.body.message).not.toContain('Rate exceeded');
    expect(result.headers['Retry-After']).toMatch(/^\d+$/);
  });

  it('an unreachable database (ECONNREFUSED) is 503 with Retry-After', () => {
    // Prepare
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(503);
    expect(result.body.message).not.toContain('127.0.0.1');
    expect(result.headers['Retry-After']).toMatch(/^\d+$/);
  });

  it('an SDK error with an HTTP 5xx status is 503', () => {
    // Prepare
    const error = Object.assign(new Error('upstream'), { name: 'SomethingNew', $metadata: { httpStatusCode: 502 } });
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(503);
  });

  it('an SDK client error (4xx) is not transient: 500', () => {
    // Prepare
    const error = Object.assign(new Error('bad key'), {
      name: 'ValidationException',
      $metadata: { httpStatusCode: 400 },
    });
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(500);
    expect(JSON.stringify(result.body)).toBe('{"message":"Internal Server Error","status":500}');
  });
});

describe('ErrorMap', () => {
  class Parent extends Error {}
  class Child extends Parent {}
  class Own extends Parent {}

  it('answers an error by its own class first, then by the nearest registered ancestor', () => {
    // Prepare
    const map = new ErrorMap().register(Parent, () => ({ status: 400 })).register(Own, () => ({ status: 409 }));
    // Act
    const inherited = map.resolve(new Child());
    const own = map.resolve(new Own());
    // Assess
    expect(inherited).toEqual({ status: 400 });
    expect(own).toEqual({ status: 409 });
  });

  it('leaves what no class answers (and what is not an Error) to the caller', () => {
    // Prepare
    const map = new ErrorMap().register(Child, () => ({ status: 400 }));
    // Act & Assess
    expect(map.resolve(new Parent())).toBeUndefined();
    expect(map.resolve(new Error('x'))).toBeUndefined();
    expect(map.resolve('a string')).toBeUndefined();
  });
});

describe('the panel answers from the same map', () => {
  it.each([
    [new ForbiddenError('Only a root administrator may regenerate an API key'), 403],
    [new ValidationError('Customers never have API access'), 400],
    [new NotFoundError(), 404],
  ])('shows %o as a page with status %d', (error, status) => {
    // Act & Assess
    expect(statusOf(error)).toBe(status);
  });

  it.each([[new UnauthenticatedError()], [new ConflictError('x')], [new UnavailableError()], [new Error('bug')]])(
    'leaves %o to its error page',
    (error) => {
      // Act & Assess
      expect(statusOf(error)).toBeUndefined();
    },
  );
});
