import { describe, expect, it } from 'vitest';
import { contractViolation } from '../support/contract.js';

const JSON_TYPE = 'application/json; charset=utf-8';

describe('the contract check every e2e response goes through (test/support/contract.ts)', () => {
  it('passes an answer the document describes', () => {
    expect(contractViolation('POST', '/api/stores', 201, JSON_TYPE, '{"store_id":4}')).toBeUndefined();
    expect(
      contractViolation('GET', '/api/2.0/usergroups/9', 404, JSON_TYPE, '{"message":"Not Found","status":404}'),
    ).toBeUndefined();
  });

  it('fails a status the operation does not list', () => {
    expect(contractViolation('GET', '/api/products/1', 418, JSON_TYPE, '{}')).toMatch(/does not list/);
    // Under either version root the document lists (its servers): the same operation.
    expect(contractViolation('GET', '/api/2.0/products/1', 418, JSON_TYPE, '{}')).toMatch(
      /get \/products\/\{id\} answered 418/,
    );
  });

  it('fails a body that breaks the schema: a missing field, a wrong JSON type', () => {
    expect(contractViolation('POST', '/api/stores', 201, JSON_TYPE, '{"store_id":"4"}')).toMatch(/must be integer/);
    expect(contractViolation('GET', '/api/version', 200, JSON_TYPE, '{}')).toMatch(/Version/);
    expect(contractViolation('GET', '/api/stores?page=2', 200, JSON_TYPE, '{"stores":[],"params":{}}')).toMatch(
      /search|page/,
    );
  });

  it('fails an error body that is not the contract format', () => {
    expect(
      contractViolation('GET', '/api/products', 400, JSON_TYPE, '{"statusCode":400,"error":"Bad Request"}'),
    ).toMatch(/message/);
  });

  it('leaves requests the document has no operation for to the suites', () => {
    expect(contractViolation('GET', '/api/nope', 404, JSON_TYPE, '{}')).toBeUndefined();
    expect(contractViolation('PATCH', '/api/products/1', 405, JSON_TYPE, '{}')).toBeUndefined();
  });
});
