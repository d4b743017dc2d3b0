/**
 * Concurrent requests end in one consistent state (SPEC §6, §7, §8): racing membership writes keep one link
 * and one link_id, racing creates get distinct ids, a racing e-mail is taken once, and a group deleted under
 * many members leaves no visible link behind.
 */
import { describe, expect, it } from 'vitest';
import { writeLinkStatus } from '../../lib/db/memberships.js';
import type { UsergroupRecord, UserRecord } from '../../lib/db/records.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { getUsergroup } from '../../lib/db/usergroups.js';
import { createUser as createUserRecord, getUserWithLinks, type NewUser } from '../../lib/db/users.js';
import {
  createCustomer,
  createGroup,
  expectError,
  expectStatus,
  inBatches,
  type LinkStatus,
  linksOf,
  setLink,
  uid,
  uniqueEmail,
} from '../support/fixtures.js';
import { api } from '../support/http.js';
import { onOwnTable } from '../support/table-of-its-own.js';

// Hundreds of racing writes (500 members of one group): on a table of its own, without a stream, they feed no change
// feed and leave the pool's table to the files after it.
onOwnTable('concurrency', { bootstrapped: true });

const STATUSES: LinkStatus[] = ['A', 'F', 'P', 'D'];

/** GET single and the list must tell the same story about (user, group). */
async function consistentLink(userId: number, groupId: number) {
  const single = await api('GET', `/api/users/${userId}/usergroups/${groupId}`);
  const list = await linksOf(userId);
  if (single.status === 404) {
    expect(list).not.toHaveProperty(String(groupId));
    return undefined;
  }
  expectStatus(single, 200);
  expect(list[String(groupId)]).toEqual(single.json);
  return single.json as { link_id: number; usergroup_id: number; status: LinkStatus };
}

async function storedLinks(userId: number, groupId: number) {
  const { links } = await getUserWithLinks(userId, defaultTableContext());
  return links.filter((link) => link.usergroup_id === groupId);
}

/** Retries a direct database write that lost a race (setup only). */
async function withRetry<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
    }
  }
}

describe('racing membership writes on one link', () => {
  it('20 concurrent PUTs with mixed statuses on a never-linked pair: all succeed, one state, one link_id', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    const sent = Array.from({ length: 20 }, (_, i) => STATUSES[i % STATUSES.length]!);
    const responses = await Promise.all(
      sent.map((status) => api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status } })),
    );
    for (const response of responses) {
      expectStatus(response, 200);
      expect(response.json).toEqual({ message: 'Status has been changed.' });
    }

    const final = await consistentLink(user, group);
    if (final) expect(sent).toContain(final.status);
    const stored = await storedLinks(user, group);
    expect(stored).toHaveLength(1);
    if (final) expect(final.link_id).toBe(stored[0]!.link_id);

    // The link_id stays through another storm on the now existing link.
    const linkId = stored[0]!.link_id;
    const second = await Promise.all(
      sent.reverse().map((status) => api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status } })),
    );
    for (const response of second) expectStatus(response, 200);
    await consistentLink(user, group);
    await setLink(user, group, 'A');
    const after = await consistentLink(user, group);
    expect(after).toEqual({ link_id: linkId, usergroup_id: group, status: 'A' });
    expect(await storedLinks(user, group)).toHaveLength(1);
  }, 120_000);

  it('concurrent PUTs and DELETEs on one link end consistent', async () => {
    const user = await createCustomer();
    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'P');
    const linkId = (await consistentLink(user, group))!.link_id;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 0
          ? api('DELETE', `/api/users/${user}/usergroups/${group}`)
          : api('PUT', `/api/users/${user}/usergroups/${group}`, { body: { status: STATUSES[i % 4] } }),
      ),
    );
    for (const response of responses) expect([200, 204]).toContain(response.status);
    const final = await consistentLink(user, group);
    if (final) expect(final.link_id).toBe(linkId);
    const stored = await storedLinks(user, group);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.link_id).toBe(linkId);
  }, 120_000);
});

describe('racing creates', () => {
  it('20 concurrent POST /usergroups get 20 distinct ids from 3 upwards, all readable and listed', async () => {
    const tag = uid();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST', '/api/usergroups', {
          body: { type: i % 2 ? 'A' : 'C', status: 'A', usergroup: `race-${tag}-${i}` },
        }),
      ),
    );
    for (const response of responses) expectStatus(response, 201);
    const ids = responses.map((response) => response.json.usergroup_id as number);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) {
      expect(Number.isInteger(id)).toBe(true);
      expect(id).toBeGreaterThanOrEqual(3);
    }
    const list = (await api('GET', '/api/usergroups')).json;
    responses.forEach((response, i) => {
      expect(list[String(response.json.usergroup_id)]).toMatchObject({
        usergroup: `race-${tag}-${i}`,
        type: i % 2 ? 'A' : 'C',
      });
    });
  }, 120_000);

  it('20 concurrent POST /users with one e-mail (differently cased): exactly one 201, the rest 400', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST', '/api/users', { body: { email: i % 2 ? email.toUpperCase() : email, user_type: 'C' } }),
      ),
    );
    const summary = responses.map((response) => `${response.status} ${response.body}`).join('\n');
    const created = responses.filter((response) => response.status === 201);
    expect(created, summary).toHaveLength(1);
    for (const response of responses) if (response.status !== 201) expectError(response, 400);
    const listed = await api('GET', `/api/users?email=${encodeURIComponent(email)}`);
    expect(listed.json.users.map((user: { user_id: string }) => user.user_id)).toEqual([
      String(created[0]!.json.user_id),
    ]);
  }, 120_000);

  it('changing a group to type A while customers join: never an administrator group with customer members', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    const customers = await inBatches(10, 5, () => createCustomer());
    const [typeChange, ...joins] = await Promise.all([
      api('PUT', `/api/usergroups/${group}`, { body: { type: 'A', status: 'A' } }),
      ...customers.map((customer) =>
        api('PUT', `/api/users/${customer}/usergroups/${group}`, { body: { status: 'A' } }),
      ),
    ]);
    const type = (await api('GET', `/api/usergroups/${group}`)).json.type;
    const joined: number[] = [];
    for (const customer of customers) {
      if ((await consistentLink(customer, group)) !== undefined) joined.push(customer);
    }
    if (type === 'A') {
      expectStatus(typeChange!, 200);
      expect(joined).toEqual([]);
      for (const join of joins) expectError(join, 400);
    } else {
      expectError(typeChange!, 400);
      expect(joined.length).toBeGreaterThan(0);
    }
    // Every join answered 200 exactly when its link exists.
    joins.forEach((join, i) => expect(join.status === 200).toBe(joined.includes(customers[i]!)));
  }, 120_000);
});

describe('a group deleted under 500 members', () => {
  it('leaves none of its links visible', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    const keep = await createGroup({ type: 'C', status: 'A' });
    const groupRecord = (await getUsergroup(group, defaultTableContext())) as UsergroupRecord;
    const keepRecord = (await getUsergroup(keep, defaultTableContext())) as UsergroupRecord;
    expect(groupRecord).toBeDefined();
    const tag = uid();

    // Setup straight through the lib, in parallel batches: 500 customers, each an active (or P/D) member.
    const createMember = (input: NewUser) => createUserRecord(input, undefined, defaultTableContext());
    const users: UserRecord[] = await inBatches(500, 20, (i) =>
      withRetry(() =>
        createMember({
          email: `member-${tag}-${i}@e2e.example.com`,
          user_type: 'C',
          status: 'A',
          firstname: '',
          lastname: '',
          company_id: 0,
          is_root: 'N',
        }),
      ),
    );
    await inBatches(500, 20, (i) =>
      withRetry(() =>
        writeLinkStatus(users[i]!, groupRecord, undefined, i % 10 === 9 ? 'P' : 'A', defaultTableContext()),
      ),
    );
    const sample = users.filter((_, i) => i % 25 === 0 || i === 499 || i === 9);
    // Some of the sampled members are also in another group, which must survive.
    await inBatches(sample.length, 10, (i) =>
      withRetry(() => writeLinkStatus(sample[i]!, keepRecord, undefined, 'A', defaultTableContext())),
    );

    // Before: the membership is visible.
    expect((await linksOf(sample[0]!.user_id))[group]).toMatchObject({ usergroup_id: group, status: 'A' });
    expect((await linksOf(sample[1]!.user_id))[group]).toMatchObject({ usergroup_id: group, status: 'P' });

    const deleted = await api('DELETE', `/api/usergroups/${group}`);
    expectStatus(deleted, 204);

    expectError(await api('GET', `/api/usergroups/${group}`), 404);
    expect((await api('GET', '/api/usergroups')).json).not.toHaveProperty(String(group));
    await inBatches(sample.length, 8, async (i) => {
      const member = sample[i]!.user_id;
      const list = await linksOf(member);
      expect(list).not.toHaveProperty(String(group));
      expect(list).toHaveProperty(String(keep));
      expectError(await api('GET', `/api/users/${member}/usergroups/${group}`), 404);
    });
    // Membership writes to the deleted group are refused as an unknown group.
    expectError(
      await api('PUT', `/api/users/${sample[0]!.user_id}/usergroups/${group}`, { body: { status: 'A' } }),
      400,
    );
  }, 300_000);
});
