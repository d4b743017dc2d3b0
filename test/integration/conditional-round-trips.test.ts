/**
 * Round trips of conditional requests and cursor pages (docs/performance.md budgets), counted on the
 * DynamoDB client the handlers use: If-None-Match (200 or 304) costs nothing beyond the plain GET, and a
 * page by cursor costs what the same page by number does. The rate limit's UpdateItem is left out (roundTrips in
 * hostile-support.ts).
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as taxesCreate } from '../../functions/taxes/create.js';
import { handler as taxesGet } from '../../functions/taxes/get.js';
import { handler as taxesList } from '../../functions/taxes/list.js';
import type { LambdaHandler } from '../support/lambda-event.js';
import { event, invoke, roundTrips } from './hostile-support.js';

beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('round trips of conditional requests and cursors', () => {
  it('If-None-Match adds no DynamoDB request to a single GET, whether it answers 200 or 304', async () => {
    const created = await invoke(
      taxesCreate as LambdaHandler,
      event('POST', '/api/taxes', { body: { tax: 'Round trips' } }),
    );
    const path = `/api/taxes/${created.json.tax_id}`;
    await invoke(taxesGet as LambdaHandler, event('GET', path)); // warm the container's caches
    const plain = await roundTrips(taxesGet as LambdaHandler, event('GET', path));
    expect(plain.answer.status).toBe(200);
    const etag = String(plain.answer.headers.etag);
    const notModified = await roundTrips(
      taxesGet as LambdaHandler,
      event('GET', path, { headers: { 'If-None-Match': etag } }),
    );
    expect(notModified.answer.status).toBe(304);
    const modified = await roundTrips(
      taxesGet as LambdaHandler,
      event('GET', path, { headers: { 'If-None-Match': '"other"' } }),
    );
    expect(modified.answer.status).toBe(200);
    expect(plain.calls).toBeGreaterThan(0);
    expect(notModified.calls).toBe(plain.calls);
    expect(modified.calls).toBe(plain.calls);
    console.info(
      `round trips (root, warm): GET ${plain.calls}, with If-None-Match 304 ${notModified.calls}, 200 ${modified.calls}`,
    );
  });

  it('a page by cursor costs the same requests as the same page by number', async () => {
    for (let i = 0; i < 3; i++)
      await invoke(taxesCreate as LambdaHandler, event('POST', '/api/taxes', { body: { tax: `Page ${i}` } }));
    const first = await invoke(
      taxesList as LambdaHandler,
      event('GET', '/api/taxes', { query: { items_per_page: '1' } }),
    );
    const byNumber = await roundTrips(
      taxesList as LambdaHandler,
      event('GET', '/api/taxes', { query: { items_per_page: '1', page: '2' } }),
    );
    const byCursor = await roundTrips(
      taxesList as LambdaHandler,
      event('GET', '/api/taxes', { query: { items_per_page: '1', cursor: first.json.params.next } }),
    );
    expect(byCursor.answer.status).toBe(200);
    expect(byCursor.answer.json.taxes).toEqual(byNumber.answer.json.taxes);
    expect(byNumber.calls).toBeGreaterThan(0);
    expect(byCursor.calls).toBe(byNumber.calls);
    console.info(`round trips: list page by number ${byNumber.calls}, by cursor ${byCursor.calls}`);
  });
});
