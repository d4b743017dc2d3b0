import { describe, expect, it } from 'vitest';
import { type ApiEvent, normalizeQuery } from '../../lib/http/api-event.js';

const event = (single: Record<string, string>, multi: Record<string, string[]>) =>
  ({ queryStringParameters: single, multiValueQueryStringParameters: multi }) as unknown as ApiEvent;

describe('normalizeQuery', () => {
  it('keeps the last value of a repeated parameter', () => {
    expect(normalizeQuery(event({ page: '2' }, { page: ['1', '2'] })).page).toBe('2');
  });

  it('gives key[] values to key, comma-joined (PHP arrays: product_ids[]=1&product_ids[]=2)', () => {
    const query = normalizeQuery(event({ 'product_ids[]': '2' }, { 'product_ids[]': ['1', '2'] }));
    expect(query.product_ids).toBe('1,2');
    expect(query['product_ids[]']).toBe('2');
  });

  it('a bare key sent as well wins over its array form', () => {
    expect(
      normalizeQuery(
        event({ product_ids: '7', 'product_ids[]': '2' }, { product_ids: ['7'], 'product_ids[]': ['1', '2'] }),
      ).product_ids,
    ).toBe('7');
  });
});
