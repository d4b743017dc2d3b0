/**
 * SPEC §7 (users in usergroups) over real HTTP, as the bootstrap root administrator.
 */
import { describe, expect, it } from 'vitest';
import {
  createCustomer,
  createGroup,
  createUser,
  expectError,
  expectStatus,
  linksOf,
  setLink,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const CHANGED = { message: 'Status has been changed.' };

async function link(userId: number, groupId: number) {
  return api('GET', `/api/users/${userId}/usergroups/${groupId}`);
}

describe('link transitions', () => {
  it('PUT status A → 200 {"message":"Status has been changed."}; the link shows in GET single and in the list', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    const response = await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status: 'A' } });
    expectStatus(response, 200);
    expect(response.json).toEqual(CHANGED);

    const single = await link(user, group);
    expectStatus(single, 200);
    expect(Object.keys(single.json).sort()).toEqual(['link_id', 'status', 'usergroup_id']);
    expect(single.json).toMatchObject({ usergroup_id: group, status: 'A' });
    expect(Number.isInteger(single.json.link_id)).toBe(true);

    const list = await linksOf(user);
    expect(list).toEqual({ [group]: single.json });
  });

  it.each(['P', 'D'] as const)('status %s is shown in the list and in GET single', async (status) => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, status);
    const single = await link(user, group);
    expectStatus(single, 200);
    expect(single.json).toMatchObject({ usergroup_id: group, status });
    expect((await linksOf(user))[group]).toEqual(single.json);
  });

  it('moves A → P → D → A keeping one link_id', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'A');
    const linkId = (await link(user, group)).json.link_id;
    for (const status of ['P', 'D', 'A'] as const) {
      await setLink(user, group, status);
      expect((await link(user, group)).json).toEqual({ link_id: linkId, usergroup_id: group, status });
    }
  });

  it('status F hides the link: absent from the list, GET single → 404', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    const other = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'A');
    await setLink(user, other, 'A');
    await setLink(user, group, 'F');
    expectError(await link(user, group), 404);
    const list = await linksOf(user);
    expect(Object.keys(list)).toEqual([String(other)]);
  });

  it('DELETE → 204 empty; the link becomes F; re-adding keeps the link_id', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'A');
    const linkId = (await link(user, group)).json.link_id;

    const response = await api('DELETE', `/api/users/${user}/usergroups/${group}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await link(user, group), 404);
    expect(await linksOf(user)).toEqual({});

    await setLink(user, group, 'P');
    expect((await link(user, group)).json).toEqual({ link_id: linkId, usergroup_id: group, status: 'P' });
    await setLink(user, group, 'F');
    await setLink(user, group, 'A');
    expect((await link(user, group)).json).toEqual({ link_id: linkId, usergroup_id: group, status: 'A' });
  });

  it('DELETE of a link that is already F (or never existed) succeeds too', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    expectStatus(await api('DELETE', `/api/users/${user}/usergroups/${group}`), 204);
    expectStatus(await api('DELETE', `/api/users/${user}/usergroups/${group}`), 204);
    expect(await linksOf(user)).toEqual({});
  });

  it('PUT F on a never-linked pair succeeds and shows nothing', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    const response = await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status: 'F' } });
    expectStatus(response, 200);
    expect(response.json).toEqual(CHANGED);
    expect(await linksOf(user)).toEqual({});
    expectError(await link(user, group), 404);
  });

  it('repeating the same status succeeds again and changes nothing', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'A');
    const first = (await link(user, group)).json;
    await setLink(user, group, 'A');
    await setLink(user, group, 'A');
    expect((await link(user, group)).json).toEqual(first);
    await setLink(user, group, 'F');
    await setLink(user, group, 'F');
    expectError(await link(user, group), 404);
  });

  it('link_ids are distinct between pairs', async () => {
    const user = await createCustomer();
    const g1 = await createGroup({ type: 'C', status: 'A' });
    const g2 = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, g1, 'A');
    await setLink(user, g2, 'A');
    const list = await linksOf(user);
    expect(list[g1]!.link_id).not.toBe(list[g2]!.link_id);
  });

  it('an administrator can be put into an administrator group and a customer group', async () => {
    const admin = await createUser({ user_type: 'A' });
    const adminGroup = await createGroup({ type: 'A', status: 'A' });
    const customerGroup = await createGroup({ type: 'C', status: 'A' });
    await setLink(admin, adminGroup, 'A');
    await setLink(admin, customerGroup, 'A');
    expect(Object.keys(await linksOf(admin)).sort()).toEqual([String(adminGroup), String(customerGroup)].sort());
  });
});

describe('validation of membership writes', () => {
  it('status is required and must be one of A F P D', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    expectError(
      await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { other: 'A' } }),
      400,
      'Bad Request: The status field is required',
    );
    const invalid = await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status: 'X' } });
    expectError(invalid, 400);
    expect(invalid.json.message).toMatch(/^Bad Request: The status field/);
    expect(await linksOf(user)).toEqual({});
  });

  it('unknown user → 404 on PUT, DELETE, GET list and GET single', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    expectError(await api('PUT', `/api/users/987654321/usergroups/${group}`, { body: { status: 'A' } }), 404);
    expectError(await api('DELETE', `/api/users/987654321/usergroups/${group}`), 404);
    expectError(await api('GET', '/api/users/987654321/usergroups'), 404);
    expectError(await api('GET', `/api/users/987654321/usergroups/${group}`), 404);
    expectError(await api('GET', '/api/users/abc/usergroups'), 404);
  });

  it('unknown group → 400 on PUT and DELETE; GET single → 404', async () => {
    const user = await createCustomer();
    expectError(await api('PUT', `/api/users/${user}/usergroups/987654321`, { body: { status: 'A' } }), 400);
    expectError(await api('DELETE', `/api/users/${user}/usergroups/987654321`), 400);
    expectError(await link(user, 987654321), 404);
    expect(await linksOf(user)).toEqual({});
  });

  it('unknown user and unknown group together → 404 (the user is judged first)', async () => {
    expectError(await api('PUT', '/api/users/987654321/usergroups/987654321', { body: { status: 'A' } }), 404);
  });

  it.each([1, 2])('reserved group %i → 400 on PUT and DELETE', async (group) => {
    const user = await createCustomer();
    for (const status of ['A', 'F']) {
      const put = await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status } });
      expectError(put, 400);
      expect(put.json.message).toMatch(/reserved/i);
    }
    expectError(await api('DELETE', `/api/users/${user}/usergroups/${group}`), 400);
    expect(await linksOf(user)).toEqual({});
  });

  it.each(['A', 'P', 'D'] as const)('a customer into an administrator group with status %s → 400', async (status) => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'A', status: 'A' });
    const response = await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status } });
    expectError(response, 400);
    expect(await linksOf(user)).toEqual({});
    expectError(await link(user, group), 404);
  });

  it('a customer and an administrator group with status F is harmless → 200', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'A', status: 'A' });
    const response = await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status: 'F' } });
    expectStatus(response, 200);
    expect(await linksOf(user)).toEqual({});
  });

  it('POST on the nested collection → 405 with Allow; POST on a nested object → 405', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    const collection = await api('POST', `/api/users/${user}/usergroups`, {
      body: { usergroup_id: group, status: 'A' },
    });
    expectError(collection, 405);
    expect(collection.headers.get('allow')).toMatch(/GET/);
    expect(collection.headers.get('allow')).not.toMatch(/POST/);
    const object = await api('POST', `/api/users/${user}/usergroups/${group}`, { body: { status: 'A' } });
    expectError(object, 405, 'Method Not Allowed: ID must not be defined');
    expect(await linksOf(user)).toEqual({});
  });

  it('PUT and DELETE on the nested collection → 405 "Object ID undefined"', async () => {
    const user = await createCustomer();
    expectError(
      await api('PUT', `/api/users/${user}/usergroups`, { body: { status: 'A' } }),
      405,
      'Method Not Allowed: Object ID undefined',
    );
    expectError(await api('DELETE', `/api/users/${user}/usergroups`), 405, 'Method Not Allowed: Object ID undefined');
  });

  it('a user with no links answers {}', async () => {
    const user = await createCustomer();
    const response = await api('GET', `/api/users/${user}/usergroups`);
    expectStatus(response, 200);
    expect(response.json).toEqual({});
    expect(response.body.trim()).toBe('{}');
  });
});

describe('deleting a group or a user takes the links with it', () => {
  it('after DELETE /usergroups/:id no response shows a link to it', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    const keep = await createGroup({ type: 'C', status: 'A' });
    const members = await Promise.all([createCustomer(), createCustomer(), createCustomer()]);
    await setLink(members[0]!, group, 'A');
    await setLink(members[1]!, group, 'P');
    await setLink(members[2]!, group, 'D');
    await setLink(members[0]!, keep, 'A');

    expectStatus(await api('DELETE', `/api/usergroups/${group}`), 204);

    for (const member of members) {
      expect(Object.keys(await linksOf(member))).not.toContain(String(group));
      expectError(await link(member, group), 404);
    }
    expect(Object.keys(await linksOf(members[0]!))).toEqual([String(keep)]);
    // The group is gone for membership writes too.
    expectError(await api('PUT', `/api/users/${members[0]}/usergroups/${group}`, { body: { status: 'A' } }), 400);
    expectError(await api('DELETE', `/api/users/${members[0]}/usergroups/${group}`), 400);
  });

  it('after DELETE /users/:id its memberships answer 404', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'A');
    expectStatus(await api('DELETE', `/api/users/${user}`), 204);
    expectError(await api('GET', `/api/users/${user}/usergroups`), 404);
    expectError(await link(user, group), 404);
    expectError(await api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status: 'A' } }), 404);
    // The group itself is untouched.
    expectStatus(await api('GET', `/api/usergroups/${group}`), 200);
  });
});
