/**
 * Blocks (the recording's `blocks`) over real HTTP: the collection is a bare JSON list (no wrapper, no
 * params, no paging), name then type required on POST, type on PUT, the recorded types, 404s, edit_blocks.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, createApiUser, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

const create = (body: object) => api('POST', '/api/blocks', { body });

describe('blocks', () => {
  it('POST: name, then type, are required', async () => {
    const none = await create({ content: 'x' });
    expectError(none, 400, 'Bad Request: The name field is required');
    expect(none.json.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'type']);
    expectError(await create({ type: 'html_block' }), 400, 'Bad Request: The name field is required');
    expectError(await create({ name: 'ZZ' }), 400, 'Bad Request: The type field is required');
  });

  it('201 with an integer id; the single object with the recorded types; PUT needs type; DELETE twice → 204, 404', async () => {
    const response = await create({ name: 'ZZ API Block', type: 'html_block', content: '<p>zz</p>' });
    expectStatus(response, 201);
    const id = response.json.block_id;
    expect(Number.isInteger(id)).toBe(true);
    const single = await api('GET', `/api/blocks/${id}`);
    expectStatus(single, 200);
    expect(single.json).toEqual({
      block_id: String(id),
      type: 'html_block',
      properties: [],
      company_id: '0',
      storefront_id: '1',
      lang_code: 'en',
      name: 'ZZ API Block',
      content: '<p>zz</p>',
      availability: { phone: true, tablet: true, desktop: true },
    });

    expectError(
      await api('PUT', `/api/blocks/${id}`, { body: { name: 'ZZ API Block (upd)' } }),
      400,
      'Bad Request: The type field is required',
    );
    const updated = await api('PUT', `/api/blocks/${id}`, {
      body: { type: 'html_block', name: 'ZZ API Block (upd)', content: '<p>zz2</p>', company_id: 5 },
    });
    expectStatus(updated, 200);
    expect(updated.json).toEqual({ block_id: String(id) });
    expect((await api('GET', `/api/blocks/${id}`)).json).toMatchObject({
      name: 'ZZ API Block (upd)',
      content: '<p>zz2</p>',
      company_id: '0',
    });

    expectError(await api('PUT', '/api/blocks/999999999', { body: { type: 'html_block', name: 'x' } }), 404);
    expectStatus(await api('DELETE', `/api/blocks/${id}`), 204);
    expectError(await api('DELETE', `/api/blocks/${id}`), 404);
    expectError(await api('GET', `/api/blocks/${id}`), 404);
    expectError(await api('GET', '/api/blocks/abc'), 404);
  });

  it('the collection is a bare list of every block by id, ignoring items_per_page; rows carry locations, not content', async () => {
    const tag = uid();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await create({ name: `B ${tag} ${i}`, type: 'template', properties: { template: 'x.tpl' } })).json.block_id,
      );
    const list = await api('GET', '/api/blocks?items_per_page=1&page=9');
    expectStatus(list, 200);
    expect(Array.isArray(list.json)).toBe(true);
    const mine = list.json.filter((row: { name: string }) => row.name.startsWith(`B ${tag}`));
    expect(mine.map((row: { block_id: string }) => Number(row.block_id))).toEqual(ids);
    expect(mine[0]).toEqual({
      block_id: String(ids[0]),
      type: 'template',
      properties: { template: 'x.tpl' },
      company_id: '0',
      storefront_id: '1',
      lang_code: 'en',
      name: `B ${tag} 0`,
      locations: {},
    });
    const all = list.json.map((row: { block_id: string }) => Number(row.block_id));
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });

  it('a company_id must name an existing store; a store that owns blocks cannot be deleted', async () => {
    const store = (
      await api('POST', '/api/stores', { body: { company: `Shop ${uid()}`, storefront: `${uid()}.example.com` } })
    ).json.store_id;
    const block = (await create({ name: 'owned', type: 'html_block', company_id: store })).json.block_id;
    expectError(
      await api('DELETE', `/api/stores/${store}`),
      400,
      'Bad Request: The company still owns blocks; delete them first',
    );
    expectStatus(await api('DELETE', `/api/blocks/${block}`), 204);
    expectStatus(await api('DELETE', `/api/stores/${store}`), 204);
    const bad = await create({ name: 'x', type: 'html_block', company_id: 999_999_999 });
    expectError(bad, 400);
    expect(bad.json.errors[0].field).toBe('company_id');
  });

  it('405s; edit_blocks for every method; vendors 403', async () => {
    expectError(await api('POST', '/api/blocks/1', { body: { name: 'x', type: 'y' } }), 405);
    expectError(await api('PUT', '/api/blocks', { body: { type: 'y' } }), 405);
    expectError(await api('DELETE', '/api/blocks'), 405);
    const other = await createAdmin(['view_catalog']);
    expectForbidden(await api('GET', '/api/blocks', { auth: other.auth }));
    const editor = await createAdmin(['edit_blocks']);
    expectStatus(await api('GET', '/api/blocks', { auth: editor.auth }), 200);
    expectStatus(await api('POST', '/api/blocks', { auth: editor.auth, body: { name: 'e', type: 'html_block' } }), 201);
    const vendor = await createApiUser('V');
    expectForbidden(await api('GET', '/api/blocks', { auth: vendor.auth }));
  }, 180_000);
});
