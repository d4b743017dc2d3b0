/**
 * A GET of one object takes two sequential DynamoDB steps for a non-root administrator with nothing cached:
 * authentication's BatchGetItem, then the caller's groups (privileges), the rate-limit bucket and the object's
 * own reads all at once. Counted on the DynamoDB client the handlers use. The privilege verdict still comes
 * first in the answer: a caller without the privilege gets 403 whether the object exists or not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as categoriesCreate } from '../../functions/categories/create.js';
import { handler as categoriesGet } from '../../functions/categories/get.js';
import { handler as langvarsCreate } from '../../functions/languages/langvars-create.js';
import { handler as langvarsGet } from '../../functions/languages/langvars-get.js';
import { handler as languagesList } from '../../functions/languages/list.js';
import { handler as membershipsUpdate } from '../../functions/memberships/update.js';
import { handler as storesCreate } from '../../functions/stores/create.js';
import { handler as usergroupsCreate } from '../../functions/usergroups/create.js';
import { db } from '../../lib/db/client.js';
import { defaultTableContext } from '../../lib/db/table-context.js';
import { setUsergroupPrivileges } from '../../lib/db/usergroups.js';
import { traceCalls } from '../support/dynamodb-steps.js';
import type { LambdaHandler } from '../support/lambda-event.js';
import { event, invoke, type KeyedUser, keyedUser, uniqueIp } from './hostile-support.js';

beforeAll(() => {
  process.env.LOG_LEVEL = 'warn';
});

/** A non-root administrator holding exactly `privileges` through one administrator group. */
async function administrator(privileges: string[]): Promise<KeyedUser> {
  const admin = await keyedUser('A');
  const group = await invoke(
    usergroupsCreate as LambdaHandler,
    event('POST', '/api/usergroups', { body: { type: 'A', status: 'A' } }),
  );
  await setUsergroupPrivileges(group.json.usergroup_id, privileges, defaultTableContext());
  const linked = await invoke(
    membershipsUpdate as LambdaHandler,
    event('PUT', `/api/users/${admin.userId}/usergroups/${group.json.usergroup_id}`, { body: { status: 'A' } }),
  );
  expect(linked.status, linked.body).toBe(200);
  return admin;
}

async function traced(handler: LambdaHandler, path: string, caller: KeyedUser) {
  const { result, trace } = await traceCalls(db(), () =>
    invoke(handler, event('GET', path, { auth: caller.auth, sourceIp: uniqueIp() })),
  );
  return { answer: result, ...trace };
}

/** A category of a fresh store. */
async function category(name: string) {
  const tag = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const store = await invoke(
    storesCreate as LambdaHandler,
    event('POST', '/api/stores', { body: { company: `Store ${tag}`, storefront: `store-${tag}.example.com` } }),
  );
  expect(store.status, store.body).toBe(201);
  const made = await invoke(
    categoriesCreate as LambdaHandler,
    event('POST', '/api/categories', { body: { category: name, company_id: store.json.store_id } }),
  );
  expect(made.status, made.body).toBe(201);
  return Number(made.json.category_id);
}

async function englishId(): Promise<number> {
  const list = await invoke(languagesList as LambdaHandler, event('GET', '/api/languages'));
  const english = Object.values(list.json.languages as Record<string, { lang_id: number; lang_code: string }>).find(
    (language) => language.lang_code === 'en',
  );
  return Number(english!.lang_id);
}

describe('a GET of one object in two sequential DynamoDB steps (non-root, nothing cached)', () => {
  it("GET /categories/:id reads the category and its product_count beside the caller's groups", async () => {
    const reader = await administrator(['view_catalog']);
    const id = await category('Two steps');
    const got = await traced(categoriesGet as LambdaHandler, `/api/categories/${id}`, reader);
    expect(got.answer.status, got.answer.body).toBe(200);
    expect(got.answer.json.category).toBe('Two steps');
    expect(got.answer.json.product_count).toBe('0');
    expect(got.steps, got.calls.join(', ')).toBe(2);
    // Authentication's BatchGetItem, then the bucket's UpdateItem beside one BatchGetItem of the groups and the
    // category with its count (lib/db/joined-reads.ts): 3 requests, not 4.
    expect(got.calls, got.calls.join(', ')).toHaveLength(3);
    console.info(`GET /categories/:id: ${got.calls.length} calls (${got.calls.join(', ')}) in ${got.steps} steps`);
  });

  it("GET /languages/:id/langvars/:name reads the language in authentication's BatchGetItem, the variable beside the groups", async () => {
    const reader = await administrator(['view_languages']);
    const id = await englishId();
    const name = `two_steps_${Date.now()}`;
    const made = await invoke(
      langvarsCreate as LambdaHandler,
      event('POST', `/api/languages/${id}/langvars`, { body: { name, value: 'Zwei' } }),
    );
    expect(made.status, made.body).toBe(201);
    const got = await traced(langvarsGet as LambdaHandler, `/api/languages/${id}/langvars/${name}`, reader);
    expect(got.answer.status, got.answer.body).toBe(200);
    expect(got.answer.json).toEqual({ lang_code: 'en', name, value: 'Zwei' });
    expect(got.steps, got.calls.join(', ')).toBe(2);
    expect(got.calls, got.calls.join(', ')).toHaveLength(3);
    console.info(
      `GET /languages/:id/langvars/:name: ${got.calls.length} calls (${got.calls.join(', ')}) in ${got.steps} steps`,
    );
  });

  it('a language that does not exist, or an id that is not one, is still a 404', async () => {
    const reader = await administrator(['view_languages']);
    for (const path of ['/api/languages/999999999/langvars/some_name', '/api/languages/abc/langvars/some_name']) {
      const got = await traced(langvarsGet as LambdaHandler, path, reader);
      expect(got.answer.status, `${path}: ${got.answer.body}`).toBe(404);
    }
  });

  it('without the privilege the answer is 403 for an existing object and for a missing one, and shows nothing of it', async () => {
    const outsider = await administrator(['view_users']);
    const hidden = await category('Hidden name');
    const id = await englishId();
    const paths: Array<[LambdaHandler, string]> = [
      [categoriesGet as LambdaHandler, `/api/categories/${hidden}`],
      [categoriesGet as LambdaHandler, '/api/categories/999999999'],
      [langvarsGet as LambdaHandler, `/api/languages/${id}/langvars/no_such_name`],
      [langvarsGet as LambdaHandler, '/api/languages/999999999/langvars/no_such_name'],
    ];
    for (const [handler, path] of paths) {
      const got = await traced(handler, path, outsider);
      expect(got.answer.status, `${path}: ${got.answer.body}`).toBe(403);
      expect(got.answer.json.status).toBe(403);
      expect(got.answer.body).not.toContain('Hidden name');
      expect(got.answer.headers.etag).toBeUndefined();
    }
  });
});
