/**
 * Statuses (SPEC §10, the recording's `statuses`) over real HTTP: the built-in order statuses, the
 * recorded field types, the letter assigned on create, manage_order_statuses for every method, and
 * what cannot be deleted.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

// The recording's field order (#122, #123); the test keeps its own copy so a wrong definition fails.
const FIELDS = [
  'status_id',
  'status',
  'type',
  'is_default',
  'position',
  'description',
  'email_subj',
  'email_header',
  'lang_code',
  'params',
];
const PARAMS = [
  'allow_return',
  'repay',
  'gift_cert_status',
  'inventory',
  'color',
  'remove_cc_info',
  'payment_received',
  'is_editable_inventory',
  'inventory_info',
];

async function createStatus(body: object = {}): Promise<number> {
  const response = await api('POST', '/api/statuses', { body: { description: `Status ${uid()}`, ...body } });
  expectStatus(response, 201);
  // The recording's POST answer: the new id as a string (`{"status_id":"17"}`).
  expect(response.json.status_id).toMatch(/^\d+$/);
  return Number(response.json.status_id);
}

function expectRecordedTypes(status: Record<string, unknown>): void {
  expect(Object.keys(status)).toEqual(FIELDS);
  for (const field of FIELDS.filter((name) => name !== 'params')) expect(typeof status[field], field).toBe('string');
  expect(typeof status.params).toBe('object');
}

describe('statuses', () => {
  it('the built-in order statuses: letters O P C F D B I, each with the recorded params, all strings', async () => {
    const list = await api('GET', '/api/statuses?type=O&items_per_page=250');
    expectStatus(list, 200);
    expect(typeof list.json.params.total_items).toBe('number');
    const builtIn = list.json.statuses.filter((status: { is_default: string }) => status.is_default === 'Y');
    expect(builtIn.map((status: { status: string }) => status.status)).toEqual(['O', 'P', 'C', 'F', 'D', 'B', 'I']);
    for (const status of builtIn) {
      expectRecordedTypes(status);
      // DynamoDB keeps no order of a map's keys; the set is what a client needs.
      expect(Object.keys(status.params).sort()).toEqual([...PARAMS].sort());
      for (const key of PARAMS) expect(typeof status.params[key], key).toBe('string');
    }
    const canceled = builtIn.find((status: { status: string }) => status.status === 'I');
    expect(canceled.params.inventory).toBe('I');
  });

  it('POST needs description; the letter is assigned (the body’s is ignored); 201 with an integer id', async () => {
    expectError(
      await api('POST', '/api/statuses', { body: { type: 'O' } }),
      400,
      'Bad Request: The description field is required',
    );
    const id = await createStatus({
      status: 'O',
      type: 'O',
      email_subj: 'zz',
      params: { color: '#123456', inventory: 'I' },
    });
    expect(Number.isInteger(id)).toBe(true);
    const single = await api('GET', `/api/statuses/${id}`);
    expectStatus(single, 200);
    expectRecordedTypes(single.json);
    expect(single.json).toMatchObject({
      status_id: String(id),
      type: 'O',
      is_default: 'N',
      email_subj: 'zz',
      params: { color: '#123456', inventory: 'I' },
    });
    expect(['O', 'P', 'C', 'F', 'D', 'B', 'I']).not.toContain(single.json.status);
    // Params sent in part show every recorded key; a PUT of some params keeps the others.
    expect(Object.keys(single.json.params).sort()).toEqual([...PARAMS].sort());
    expect(single.json.params).toMatchObject({ allow_return: 'N', remove_cc_info: 'Y' });
    expectStatus(await api('PUT', `/api/statuses/${id}`, { body: { params: { color: '#654321' } } }), 200);
    expect((await api('GET', `/api/statuses/${id}`)).json.params).toEqual({
      ...single.json.params,
      color: '#654321',
      inventory: 'I',
    });
    expectStatus(await api('PUT', `/api/statuses/${id}`, { body: { params: { color: '#123456' } } }), 200);
    const row = (await api('GET', '/api/statuses?type=O&items_per_page=250')).json.statuses.find(
      (status: { status_id: string }) => status.status_id === String(id),
    );
    expect(row).toEqual(single.json);
  });

  it('type S statuses are their own list; a type outside O S G R is 400', async () => {
    const id = await createStatus({ type: 'S' });
    const shipments = await api('GET', '/api/statuses?type=S&items_per_page=250');
    expect(shipments.json.statuses.map((status: { status_id: string }) => status.status_id)).toContain(String(id));
    expect(shipments.json.statuses.every((status: { type: string }) => status.type === 'S')).toBe(true);
    expectError(await api('GET', '/api/statuses?type=Z'), 400);
    expectError(await api('POST', '/api/statuses', { body: { description: 'x', type: 'Z' } }), 400);
  });

  it('params must be strings and inventory D or I (it decides whether orders hold stock)', async () => {
    expectError(
      await api('POST', '/api/statuses', { body: { description: 'x', params: { inventory: 'X' } } }),
      400,
      'Bad Request: params.inventory must be D or I',
    );
    expectError(await api('POST', '/api/statuses', { body: { description: 'x', params: { color: 5 } } }), 400);
    const id = await createStatus();
    expectError(await api('PUT', `/api/statuses/${id}`, { body: { params: { inventory: 'Q' } } }), 400);
  });

  it('PUT answers 200 {status_id}; unknown ids are 404; DELETE 204 then 404; a built-in status cannot be deleted', async () => {
    const id = await createStatus();
    const put = await api('PUT', `/api/statuses/${id}`, { body: { description: 'Renamed' } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ status_id: String(id) });
    expect((await api('GET', `/api/statuses/${id}`)).json.description).toBe('Renamed');
    expectError(await api('PUT', '/api/statuses/99999999', { body: { description: 'x' } }), 404);
    expectError(await api('GET', '/api/statuses/99999999'), 404);
    expectStatus(await api('DELETE', `/api/statuses/${id}`), 204);
    expectError(await api('DELETE', `/api/statuses/${id}`), 404);
    expectError(await api('DELETE', '/api/statuses/1'), 400, 'Bad Request: A built-in status cannot be deleted');
    expectStatus(await api('GET', '/api/statuses/1'), 200);
  });

  it('a deleted status frees its letter for the next one of its type', async () => {
    const first = await createStatus({ type: 'G' });
    const letter = (await api('GET', `/api/statuses/${first}`)).json.status;
    expectStatus(await api('DELETE', `/api/statuses/${first}`), 204);
    const second = await createStatus({ type: 'G' });
    expect((await api('GET', `/api/statuses/${second}`)).json.status).toBe(letter);
  });

  it('manage_order_statuses for every method, reads included', async () => {
    const viewer = await createAdmin(['view_orders']);
    expectForbidden(await api('GET', '/api/statuses', { auth: viewer.auth }));
    const manager = await createAdmin(['manage_order_statuses']);
    expectStatus(await api('GET', '/api/statuses', { auth: manager.auth }), 200);
    expectStatus(await api('POST', '/api/statuses', { auth: manager.auth, body: { description: `S ${uid()}` } }), 201);
  });
});
