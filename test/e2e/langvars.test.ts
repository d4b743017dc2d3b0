/**
 * Langvars (SPEC §10, the recording's `langvars`) over real HTTP: ids are names, per language, at
 * /langvars and /languages/:id/langvars; every method, answer shapes, required name, 404s, the language
 * reference, and a language's deletion taking its variables with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, expectError, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

const varName = () =>
  `zz_${uid()
    .toLowerCase()
    .replace(/[^0-9a-z_]/g, '_')}`;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
async function createLanguage(): Promise<{ id: number; code: string }> {
  for (let i = 0; i < 50; i++) {
    const code = LETTERS[Math.floor(Math.random() * 26)]! + LETTERS[Math.floor(Math.random() * 26)]!;
    const response = await api('POST', '/api/languages', { body: { lang_code: code, name: `L ${code}` } });
    if (response.status === 201) return { id: response.json.lang_id, code };
  }
  throw new Error('no free language code');
}

let language: { id: number; code: string };
beforeAll(async () => {
  language = await createLanguage();
});

describe('langvars', () => {
  it('POST needs name (400 naming it); 201 {name}; GET shows lang_code, name, value (en by default)', async () => {
    expectError(
      await api('POST', '/api/langvars', { body: { value: 'x' } }),
      400,
      'Bad Request: The name field is required',
    );
    expectError(await api('POST', '/api/langvars', { body: { name: 'Not Valid!', value: 'x' } }), 400);
    const name = varName();
    const post = await api('POST', '/api/langvars', { body: { name, value: 'ZZ hello' } });
    expectStatus(post, 201);
    expect(post.json).toEqual({ name });
    const get = await api('GET', `/api/langvars/${name}`);
    expectStatus(get, 200);
    expect(get.json).toEqual({ lang_code: 'en', name, value: 'ZZ hello' });
  });

  it('a language of its own under /languages/:id/langvars, and ?lang_code= at /langvars', async () => {
    const name = varName();
    await api('POST', '/api/langvars', { body: { name, value: 'english' } });
    expectStatus(await api('POST', `/api/languages/${language.id}/langvars`, { body: { name, value: 'other' } }), 201);
    expect((await api('GET', `/api/languages/${language.id}/langvars/${name}`)).json).toEqual({
      lang_code: language.code,
      name,
      value: 'other',
    });
    expect((await api('GET', `/api/langvars/${name}?lang_code=${language.code}`)).json.value).toBe('other');
    expect((await api('GET', `/api/langvars/${name}`)).json.value).toBe('english');
  });

  it('the list: rows {value, name} in name order, integer total_items, name prefix, q, empty page past the end', async () => {
    const prefix = varName();
    for (const suffix of ['_b', '_a', '_c']) {
      expectStatus(
        await api('POST', `/api/languages/${language.id}/langvars`, {
          body: { name: `${prefix}${suffix}`, value: `v${suffix}` },
        }),
        201,
      );
    }
    const list = await api('GET', `/api/languages/${language.id}/langvars?name=${prefix}&items_per_page=2`);
    expectStatus(list, 200);
    expect(list.json.langvars).toEqual([
      { value: 'v_a', name: `${prefix}_a` },
      { value: 'v_b', name: `${prefix}_b` },
    ]);
    expect(list.json.params.total_items).toBe(3);
    const second = await api('GET', `/api/languages/${language.id}/langvars?name=${prefix}&items_per_page=2&page=2`);
    expect(second.json.langvars).toEqual([{ value: 'v_c', name: `${prefix}_c` }]);
    expect((await api('GET', `/api/languages/${language.id}/langvars?name=${prefix}&page=5`)).json.langvars).toEqual(
      [],
    );
    const q = await api('GET', `/api/langvars?lang_code=${language.code}&q=${prefix}_c`);
    expect(q.json.langvars.map((row: { name: string }) => row.name)).toEqual([`${prefix}_c`]);
  });

  it('PUT changes the value, 200 {name}; unknown names and languages are 404; a missing language is a 400 naming lang_code', async () => {
    const name = varName();
    await api('POST', '/api/langvars', { body: { name, value: 'a' } });
    const put = await api('PUT', `/api/langvars/${name}`, { body: { value: 'b' } });
    expectStatus(put, 200);
    expect(put.json).toEqual({ name });
    expect((await api('GET', `/api/langvars/${name}`)).json.value).toBe('b');
    expectError(await api('PUT', `/api/langvars/${varName()}`, { body: { value: 'b' } }), 404);
    expectError(await api('GET', `/api/langvars/${varName()}`), 404);
    expectError(await api('GET', '/api/langvars/Not-Valid'), 404);
    expectError(await api('GET', `/api/languages/99999999/langvars/${name}`), 404);
    const missing = await api('POST', '/api/langvars', { body: { name, value: 'x', lang_code: 'qz' } });
    if (missing.status !== 201)
      expectError(missing, 400, 'Bad Request: The lang_code field names a language that does not exist');
  });

  it('DELETE /langvars/:name removes it in every language (204, then 404); nested DELETE only in that language', async () => {
    const name = varName();
    await api('POST', '/api/langvars', { body: { name, value: 'en' } });
    await api('POST', `/api/languages/${language.id}/langvars`, { body: { name, value: 'other' } });
    expectStatus(await api('DELETE', `/api/languages/${language.id}/langvars/${name}`), 204);
    expectError(await api('GET', `/api/languages/${language.id}/langvars/${name}`), 404);
    expectStatus(await api('GET', `/api/langvars/${name}`), 200);
    await api('POST', `/api/languages/${language.id}/langvars`, { body: { name, value: 'other' } });
    expectStatus(await api('DELETE', `/api/langvars/${name}`), 204);
    expectError(await api('GET', `/api/langvars/${name}`), 404);
    expectError(await api('GET', `/api/languages/${language.id}/langvars/${name}`), 404);
    expectError(await api('DELETE', `/api/langvars/${name}`), 404);
  });

  it('deleting a language deletes its langvars; its code then takes none', async () => {
    const doomed = await createLanguage();
    const name = varName();
    expectStatus(await api('POST', `/api/languages/${doomed.id}/langvars`, { body: { name, value: 'x' } }), 201);
    expectStatus(await api('DELETE', `/api/languages/${doomed.id}`), 204);
    expect((await api('GET', `/api/langvars?lang_code=${doomed.code}`)).json.langvars).toEqual([]);
    expectError(
      await api('POST', '/api/langvars', { body: { name, value: 'x', lang_code: doomed.code } }),
      400,
      'Bad Request: The lang_code field names a language that does not exist',
    );
  });

  it('view_languages reads, manage_languages writes', async () => {
    const reader = await createAdmin(['view_languages']);
    expectStatus(await api('GET', '/api/langvars', { auth: reader.auth }), 200);
    expectForbidden(await api('POST', '/api/langvars', { auth: reader.auth, body: { name: 'x', value: 'y' } }));
  });
});
