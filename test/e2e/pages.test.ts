/**
 * Pages (SPEC §10, the recording's `pages`) over real HTTP: every method, the recorded field types,
 * page_type then page required, the parent tree (id_path, level, moves), 404s, privileges.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

const SINGLE = [
  'page_id',
  'company_id',
  'parent_id',
  'id_path',
  'status',
  'page_type',
  'position',
  'timestamp',
  'usergroup_ids',
  'localization',
  'new_window',
  'use_avail_period',
  'avail_from_timestamp',
  'avail_till_timestamp',
  'facebook_obj_type',
  'lang_code',
  'page',
  'description',
  'meta_keywords',
  'meta_description',
  'page_title',
  'link',
];

async function createPage(body: object = {}): Promise<number> {
  const response = await api('POST', '/api/pages', { body: { page_type: 'T', page: `Page ${uid()}`, ...body } });
  expectStatus(response, 201);
  return response.json.page_id as number;
}
const getPage = async (id: number) => (await api('GET', `/api/pages/${id}`)).json;

describe('pages', () => {
  it('POST needs page_type, then page (the recorded order); 201 with an integer page_id', async () => {
    const none = await api('POST', '/api/pages', { body: { status: 'D' } });
    expectError(none, 400, 'Bad Request: The page_type field is required');
    expect(none.json.errors.map((e: { field: string }) => e.field)).toEqual(['page_type', 'page']);
    expectError(
      await api('POST', '/api/pages', { body: { page: 'ZZ' } }),
      400,
      'Bad Request: The page_type field is required',
    );
    expectError(
      await api('POST', '/api/pages', { body: { page_type: 'T' } }),
      400,
      'Bad Request: The page field is required',
    );
    expectError(await api('POST', '/api/pages', { body: { page_type: 'X', page: 'ZZ' } }), 400);
    const id = await createPage({ status: 'D', description: 'zz' });
    expect(Number.isInteger(id)).toBe(true);
  });

  it('GET one and the list: the recorded fields, strings, and level (a number) in list rows only', async () => {
    const id = await createPage({ status: 'D', description: 'zz' });
    const single = await getPage(id);
    expect(Object.keys(single)).toEqual(SINGLE);
    for (const field of SINGLE) expect(typeof single[field], field).toBe('string');
    expect(single).toMatchObject({
      page_id: String(id),
      parent_id: '0',
      id_path: String(id),
      status: 'D',
      page_type: 'T',
      description: 'zz',
    });
    const list = await api('GET', '/api/pages?items_per_page=250&page_type=T&status=D');
    expectStatus(list, 200);
    expect(typeof list.json.params.total_items).toBe('number');
    const row = list.json.pages.find((page: { page_id: string }) => page.page_id === String(id));
    expect(row).toEqual({ ...single, level: 0 });
    expect((await api('GET', '/api/pages?page=100000')).json.pages).toEqual([]);
  });

  it('a tree: id_path and level follow the parent; a move rewrites the subtree; no cycles; unknown parent is 400', async () => {
    const root = await createPage();
    const child = await createPage({ parent_id: root });
    const grandchild = await createPage({ parent_id: child });
    expect((await getPage(grandchild)).id_path).toBe(`${root}/${child}/${grandchild}`);
    const rows = (await api('GET', `/api/pages?parent_id=${child}`)).json.pages;
    expect(rows.map((row: { page_id: string; level: number }) => [row.page_id, row.level])).toEqual([
      [String(grandchild), 2],
    ]);
    expectStatus(await api('PUT', `/api/pages/${child}`, { body: { parent_id: 0 } }), 200);
    expect((await getPage(grandchild)).id_path).toBe(`${child}/${grandchild}`);
    expectError(await api('PUT', `/api/pages/${child}`, { body: { parent_id: grandchild } }), 400);
    expectError(
      await api('POST', '/api/pages', { body: { page_type: 'T', page: 'x', parent_id: 99999999 } }),
      400,
      'Bad Request: The parent_id field names a page that does not exist',
    );
    expectError(await api('DELETE', `/api/pages/${child}`), 400);
  });

  it('PUT answers 200 {page_id} and changes the page; page_type is not changed by a PUT', async () => {
    const id = await createPage();
    const put = await api('PUT', `/api/pages/${id}`, { body: { page: 'Renamed', page_type: 'L' } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ page_id: String(id) });
    expect(await getPage(id)).toMatchObject({ page: 'Renamed', page_type: 'T' });
  });

  it('unknown ids are 404 on GET, PUT and DELETE; DELETE is 204 then 404', async () => {
    expectError(await api('GET', '/api/pages/99999999'), 404);
    expectError(await api('PUT', '/api/pages/99999999', { body: { page: 'x' } }), 404);
    const id = await createPage();
    expectStatus(await api('DELETE', `/api/pages/${id}`), 204);
    expectError(await api('DELETE', `/api/pages/${id}`), 404);
    expectError(await api('GET', `/api/pages/${id}`), 404);
  });

  it('view_pages reads, manage_pages writes', async () => {
    const reader = await createAdmin(['view_pages']);
    expectStatus(await api('GET', '/api/pages', { auth: reader.auth }), 200);
    expectForbidden(await api('POST', '/api/pages', { auth: reader.auth, body: { page_type: 'T', page: 'x' } }));
  });
});

describe('the tree shared with categories (lib/operations/tree/)', () => {
  it('categories keep their id_path, level (1 at the root) and subtree moves', async () => {
    const store = await api('POST', '/api/stores', {
      body: { company: `Shop ${uid()}`, storefront: `${uid()}.example.com` },
    });
    const company_id = store.json.store_id;
    const category = async (body: object) =>
      (await api('POST', '/api/categories', { body: { category: `C ${uid()}`, company_id, ...body } })).json
        .category_id as number;
    const root = await category({});
    const child = await category({ parent_id: root });
    const leaf = await category({ parent_id: child });
    expect((await api('GET', `/api/categories/${leaf}`)).json).toMatchObject({
      id_path: `${root}/${child}/${leaf}`,
      level: '3',
    });
    expectStatus(await api('PUT', `/api/categories/${child}`, { body: { parent_id: 0 } }), 200);
    expect((await api('GET', `/api/categories/${leaf}`)).json).toMatchObject({
      id_path: `${child}/${leaf}`,
      level: '2',
    });
    expectError(
      await api('PUT', `/api/categories/${child}`, { body: { parent_id: leaf } }),
      400,
      'Bad Request: A category cannot be moved under itself or one of its subcategories',
    );
  });
});
