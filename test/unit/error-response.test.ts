import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, UnavailableError, ValidationError } from '../../lib/errors.js';
import { errorToResult } from '../../lib/http/error-response.js';
import { HttpError, methodNotAllowed, tooManyRequests, unauthorized } from '../../lib/http/http-errors.js';
import { logger } from '../../lib/log.js';

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
    [new ForbiddenError('Only a root administrator may do this'), 403, 'Forbidden: Only a root administrator may do this'],
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

  it('keeps the headers of an HttpError (401 WWW-Authenticate)', () => {
    // Act
    const result = errorToResult(unauthorized());
    // Assess
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: 'Unauthorized', status: 401 });
    expect(result.headers['WWW-Authenticate']).toBe('Basic realm="User email/API key"');
  });

  it('keeps the headers of an HttpError (405 Allow, 429 Retry-After)', () => {
    // Act
    const notAllowed = errorToResult(methodNotAllowed('Object ID undefined', ['GET', 'POST']));
    const throttled = errorToResult(tooManyRequests(42.2));
    // Assess
    expect(notAllowed.body).toEqual({ message: 'Method Not Allowed: Object ID undefined', status: 405 });
    expect(notAllowed.headers).toEqual({ Allow: 'GET, POST' });
    expect(throttled.body).toEqual({ message: 'Too Many Requests', status: 429 });
    expect(throttled.headers['Retry-After']).toBe('43');
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
    const error = Object.assign(new Error('bad key'), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
    // Act
    const result = errorToResult(error);
    // Assess
    expect(result.status).toBe(500);
    expect(JSON.stringify(result.body)).toBe('{"message":"Internal Server Error","status":500}');
  });
});
