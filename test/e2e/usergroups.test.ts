/**
 * SPEC §6 (usergroups) over real HTTP, as the bootstrap root administrator.
 */
import { describe, expect, it } from 'vitest';
import {
  cliSetPrivileges,
  createCustomer,
  createGroup,
  createUser,
  expectError,
  expectStatus,
  setLink,
  uid,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const GUEST = { usergroup_id: 1, type: 'C', status: 'A', usergroup: 'Guest' };
const REGISTERED = { usergroup_id: 2, type: 'C', status: 'A', usergroup: 'Registered' };

async function listGroups(query = ''): Promise<Record<string, Record<string, unknown>>> {
  const response = await api('GET', `/api/usergroups${query}`);
  expectStatus(response, 200);
  return response.json;
}

describe('reserved groups 1 and 2', () => {
  it('GET /usergroups/1 and /2 answer the built-in groups exactly', async () => {
    const guest = await api('GET', '/api/usergroups/1');
    expectStatus(guest, 200);
    expect(guest.json).toEqual(GUEST);
    const registered = await api('GET', '/api/usergroups/2');
    expectStatus(registered, 200);
    expect(registered.json).toEqual(REGISTERED);
    // The same under 2.0.
    expect((await api('GET', '/api/2.0/usergroups/1')).json).toEqual(GUEST);
  });

  it('never appear in a list, filtered or not', async () => {
    await createGroup({ type: 'C', status: 'A' });
    for (const query of ['', '?type=C', '?status=A', '?type=C&status=A', '?type=A', '?status=H']) {
      const groups = await listGroups(query);
      expect(Object.keys(groups), `GET /usergroups${query}`).not.toContain('1');
      expect(Object.keys(groups), `GET /usergroups${query}`).not.toContain('2');
      for (const group of Object.values(groups)) expect(group.usergroup_id).toBeGreaterThanOrEqual(3);
    }
  });

  it.each([1, 2])('PUT /usergroups/%i → 400 saying it is reserved, and nothing changes', async (id) => {
    const response = await api('PUT', `/api/usergroups/${id}`, {
      body: { type: 'C', status: 'D', usergroup: 'Hacked' },
    });
    expectError(response, 400);
    expect(response.json.message).toMatch(/^Bad Request: /);
    expect(response.json.message).toMatch(/reserved/i);
    expect((await api('GET', `/api/usergroups/${id}`)).json).toEqual(id === 1 ? GUEST : REGISTERED);
  });

  it.each([1, 2])('DELETE /usergroups/%i → 400 saying it is reserved, and it is still there', async (id) => {
    const response = await api('DELETE', `/api/usergroups/${id}`);
    expectError(response, 400);
    expect(response.json.message).toMatch(/reserved/i);
    expect((await api('GET', `/api/usergroups/${id}`)).json).toEqual(id === 1 ? GUEST : REGISTERED);
  });
});

describe('POST /usergroups', () => {
  it('creates a group: 201 {"usergroup_id": N}, N an integer from 3 upwards, readable afterwards', async () => {
    const name = `Wholesale ${uid()}`;
    const response = await api('POST', '/api/usergroups', { body: { type: 'C', status: 'H', usergroup: name } });
    expectStatus(response, 201);
    expect(Object.keys(response.json)).toEqual(['usergroup_id']);
    const id = response.json.usergroup_id;
    expect(Number.isInteger(id)).toBe(true);
    expect(id).toBeGreaterThanOrEqual(3);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');

    const read = await api('GET', `/api/usergroups/${id}`);
    expectStatus(read, 200);
    expect(read.json).toEqual({ usergroup_id: id, type: 'C', status: 'H', usergroup: name });
    expect((await listGroups())[String(id)]).toEqual({ usergroup_id: id, type: 'C', status: 'H', usergroup: name });
  });

  it('ids grow and are never reused after a delete', async () => {
    const first = await createGroup({ type: 'C', status: 'A' });
    expectStatus(await api('DELETE', `/api/usergroups/${first}`), 204);
    const second = await createGroup({ type: 'C', status: 'A' });
    expect(second).toBeGreaterThan(first);
    expectStatus(await api('GET', `/api/usergroups/${first}`), 404);
  });

  it('the name is optional', async () => {
    const response = await api('POST', '/api/usergroups', { body: { type: 'A', status: 'A' } });
    expectStatus(response, 201);
    const read = await api('GET', `/api/usergroups/${response.json.usergroup_id}`);
    expect(read.json).toMatchObject({ usergroup_id: response.json.usergroup_id, type: 'A', status: 'A' });
  });

  it('missing type → 400 "The type field is required"', async () => {
    const response = await api('POST', '/api/usergroups', { body: { status: 'A', usergroup: 'x' } });
    expectError(response, 400, 'Bad Request: The type field is required');
    expect(response.json.errors).toEqual([{ field: 'type', message: 'The type field is required' }]);
  });

  it('missing status → 400 "The status field is required"', async () => {
    const response = await api('POST', '/api/usergroups', { body: { type: 'C' } });
    expectError(response, 400, 'Bad Request: The status field is required');
  });

  it('both missing → 400 naming type first, every missing field in errors', async () => {
    const response = await api('POST', '/api/usergroups', { body: { usergroup: 'only a name' } });
    expectError(response, 400, 'Bad Request: The type field is required');
    expect(response.json.errors.map((error: { field: string }) => error.field)).toEqual(['type', 'status']);
  });

  it.each([
    [{ type: 'X', status: 'A' }, 'type'],
    [{ type: 'c', status: 'A' }, 'type'],
    [{ type: 'C', status: 'F' }, 'status'],
    [{ type: 'A', status: 'Z' }, 'status'],
  ])('a value outside the allowed ones (%j) → 400 on %s', async (body, field) => {
    const response = await api('POST', '/api/usergroups', { body });
    expectError(response, 400);
    expect(response.json.message).toMatch(new RegExp(`^Bad Request: The ${field} field`));
    expect(response.json.errors[0].field).toBe(field);
  });

  it('a name of 255 characters is accepted, 256 is a 400', async () => {
    const ok = await api('POST', '/api/usergroups', { body: { type: 'C', status: 'A', usergroup: 'n'.repeat(255) } });
    expectStatus(ok, 201);
    expect((await api('GET', `/api/usergroups/${ok.json.usergroup_id}`)).json.usergroup).toBe('n'.repeat(255));
    const tooLong = await api('POST', '/api/usergroups', {
      body: { type: 'C', status: 'A', usergroup: 'n'.repeat(256) },
    });
    expectError(tooLong, 400);
    expect(tooLong.json.message).toMatch(/usergroup/);
  });

  it('unknown and read-only keys in the body are ignored', async () => {
    const response = await api('POST', '/api/usergroups', {
      body: {
        type: 'C',
        status: 'A',
        usergroup: 'extras',
        usergroup_id: 1,
        privileges: ['manage_users'],
        colour: 'red',
      },
    });
    expectStatus(response, 201);
    const id = response.json.usergroup_id;
    expect(id).not.toBe(1);
    expect((await api('GET', `/api/usergroups/${id}`)).json).toEqual({
      usergroup_id: id,
      type: 'C',
      status: 'A',
      usergroup: 'extras',
    });
  });
});

describe('privileges', () => {
  it('appear on a single administrator group (set with the admin tool), never in lists, never on customer groups', async () => {
    const adminGroup = await createGroup({ type: 'A', status: 'A' });
    const customerGroup = await createGroup({ type: 'C', status: 'A' });
    await cliSetPrivileges(adminGroup, ['view_usergroups', 'manage_users']);

    const single = await api('GET', `/api/usergroups/${adminGroup}`);
    expectStatus(single, 200);
    expect(single.json.privileges).toEqual(expect.arrayContaining(['view_usergroups', 'manage_users']));
    expect(single.json.privileges).toHaveLength(2);

    const customer = await api('GET', `/api/usergroups/${customerGroup}`);
    expect(customer.json).not.toHaveProperty('privileges');

    const list = await listGroups();
    expect(list[String(adminGroup)]).toBeDefined();
    for (const group of Object.values(list)) expect(group).not.toHaveProperty('privileges');
    expect(Object.keys(list[String(adminGroup)]!).sort()).toEqual(['status', 'type', 'usergroup', 'usergroup_id']);
  });

  it('an administrator group without privileges shows an empty array', async () => {
    const id = await createGroup({ type: 'A', status: 'H' });
    expect((await api('GET', `/api/usergroups/${id}`)).json.privileges).toEqual([]);
  });

  it('are read-only over the API: sent on POST or PUT they are ignored', async () => {
    const id = await createGroup({ type: 'A', status: 'A' });
    await cliSetPrivileges(id, ['view_users']);
    const put = await api('PUT', `/api/usergroups/${id}`, {
      body: { type: 'A', status: 'A', privileges: ['manage_users'] },
    });
    expectStatus(put, 200);
    expect((await api('GET', `/api/usergroups/${id}`)).json.privileges).toEqual(['view_users']);
  });
});

describe('GET /usergroups filters', () => {
  it('answer a bare object keyed by usergroup_id (no wrapper, no paging)', async () => {
    const id = await createGroup({ type: 'C', status: 'A', usergroup: 'bare' });
    const groups = await listGroups();
    expect(groups).not.toHaveProperty('usergroups');
    expect(groups).not.toHaveProperty('params');
    expect(groups).not.toHaveProperty('search');
    expect(groups[String(id)]).toEqual({ usergroup_id: id, type: 'C', status: 'A', usergroup: 'bare' });
    for (const [key, group] of Object.entries(groups)) expect(group.usergroup_id).toBe(Number(key));
  });

  it('type, status and both together (AND)', async () => {
    const ca = await createGroup({ type: 'C', status: 'A' });
    const ch = await createGroup({ type: 'C', status: 'H' });
    const cd = await createGroup({ type: 'C', status: 'D' });
    const aa = await createGroup({ type: 'A', status: 'A' });
    const ad = await createGroup({ type: 'A', status: 'D' });

    const byType = await listGroups('?type=A');
    for (const group of Object.values(byType)) expect(group.type).toBe('A');
    expect(Object.keys(byType)).toEqual(expect.arrayContaining([String(aa), String(ad)]));
    expect(Object.keys(byType)).not.toContain(String(ca));

    const byStatus = await listGroups('?status=D');
    for (const group of Object.values(byStatus)) expect(group.status).toBe('D');
    expect(Object.keys(byStatus)).toEqual(expect.arrayContaining([String(cd), String(ad)]));
    expect(Object.keys(byStatus)).not.toContain(String(ca));

    const both = await listGroups('?type=C&status=H');
    for (const group of Object.values(both)) expect(group).toMatchObject({ type: 'C', status: 'H' });
    expect(Object.keys(both)).toContain(String(ch));
    for (const other of [ca, cd, aa, ad]) expect(Object.keys(both)).not.toContain(String(other));

    const all = await listGroups();
    expect(Object.keys(all)).toEqual(expect.arrayContaining([ca, ch, cd, aa, ad].map(String)));
  });

  it.each(['?type=X', '?status=Q', '?type=C&status=F', '?type=a'])(
    'an invalid filter value (%s) → 400',
    async (query) => {
      const response = await api('GET', `/api/usergroups${query}`);
      expectError(response, 400);
      expect(response.json.message).toMatch(/^Bad Request: The (type|status) field/);
    },
  );
});

describe('PUT /usergroups/:id', () => {
  it('200 {"usergroup_id": N} and the change is visible', async () => {
    const id = await createGroup({ type: 'C', status: 'D', usergroup: 'before' });
    const response = await api('PUT', `/api/usergroups/${id}`, {
      body: { type: 'C', status: 'A', usergroup: 'after' },
    });
    expectStatus(response, 200);
    expect(response.json).toEqual({ usergroup_id: id });
    expect((await api('GET', `/api/usergroups/${id}`)).json).toEqual({
      usergroup_id: id,
      type: 'C',
      status: 'A',
      usergroup: 'after',
    });
  });

  it('the name is optional on PUT: without it, type and status change and the name stays', async () => {
    const id = await createGroup({ type: 'C', status: 'A', usergroup: 'kept name' });
    const response = await api('PUT', `/api/usergroups/${id}`, { body: { type: 'C', status: 'H' } });
    expectStatus(response, 200);
    expect(response.json).toEqual({ usergroup_id: id });
    expect((await api('GET', `/api/usergroups/${id}`)).json).toEqual({
      usergroup_id: id,
      type: 'C',
      status: 'H',
      usergroup: 'kept name',
    });
  });

  it('type and status are required on PUT too', async () => {
    const id = await createGroup({ type: 'C', status: 'A' });
    expectError(
      await api('PUT', `/api/usergroups/${id}`, { body: { status: 'H' } }),
      400,
      'Bad Request: The type field is required',
    );
    expectError(
      await api('PUT', `/api/usergroups/${id}`, { body: { type: 'C' } }),
      400,
      'Bad Request: The status field is required',
    );
    expectError(await api('PUT', `/api/usergroups/${id}`, { body: { type: 'C', status: 'X' } }), 400);
    expect((await api('GET', `/api/usergroups/${id}`)).json.status).toBe('A');
  });

  it('a group that does not exist → 404 (and is not created)', async () => {
    const response = await api('PUT', '/api/usergroups/987654321', { body: { type: 'C', status: 'A' } });
    expectError(response, 404);
    expectStatus(await api('GET', '/api/usergroups/987654321'), 404);
  });

  it('a non-numeric id → 404', async () => {
    expectError(await api('PUT', '/api/usergroups/abc', { body: { type: 'C', status: 'A' } }), 404);
    expectError(await api('GET', '/api/usergroups/abc'), 404);
    expectError(await api('DELETE', '/api/usergroups/-3'), 404);
  });

  it.each(['A', 'P', 'D'] as const)(
    'cannot turn a group with a customer member (link %s) into an administrator group → 400',
    async (status) => {
      const id = await createGroup({ type: 'C', status: 'A' });
      const customer = await createCustomer();
      await setLink(customer, id, status);
      const response = await api('PUT', `/api/usergroups/${id}`, { body: { type: 'A', status: 'A' } });
      expectError(response, 400);
      expect((await api('GET', `/api/usergroups/${id}`)).json.type).toBe('C');
    },
  );

  it('a customer whose link is F does not block the change to type A', async () => {
    const id = await createGroup({ type: 'C', status: 'A' });
    const customer = await createCustomer();
    await setLink(customer, id, 'A');
    await setLink(customer, id, 'F');
    const response = await api('PUT', `/api/usergroups/${id}`, { body: { type: 'A', status: 'A' } });
    expectStatus(response, 200);
    expect((await api('GET', `/api/usergroups/${id}`)).json.type).toBe('A');
  });

  it('administrator members do not block the change to type A', async () => {
    const id = await createGroup({ type: 'C', status: 'A' });
    const admin = await createUser({ user_type: 'A' });
    await setLink(admin, id, 'A');
    expectStatus(await api('PUT', `/api/usergroups/${id}`, { body: { type: 'A', status: 'A' } }), 200);
  });
});

describe('DELETE /usergroups/:id', () => {
  it('204 with an empty body, then 404 on GET and on a second DELETE', async () => {
    const id = await createGroup({ type: 'C', status: 'A' });
    const response = await api('DELETE', `/api/usergroups/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `/api/usergroups/${id}`), 404);
    expectError(await api('DELETE', `/api/usergroups/${id}`), 404);
    expect(Object.keys(await listGroups())).not.toContain(String(id));
  });

  it('a group that never existed → 404', async () => {
    expectError(await api('DELETE', '/api/usergroups/987654322'), 404);
  });
});
