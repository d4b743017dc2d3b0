/**
 * Languages (SPEC §10, the recording's `languages`) over real HTTP: the collection keyed by lang_code,
 * numeric lang_id on GET/PUT/DELETE, lang_code unique (also under concurrency), the built-in English,
 * required fields, 404s, privileges.
 */
import { describe, expect, it } from 'vitest';
import { createAdmin, expectError, expectForbidden, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';

const FIELDS = [
  'lang_id',
  'lang_code',
  'name',
  'status',
  'country_code',
  'direction',
  'storefront_ids',
  'storefront_ids_raw',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A two-letter code no other test run took (the store keeps codes unique; deleted ones are free again). */
async function freeCode(): Promise<string> {
  const taken = new Set(Object.keys((await api('GET', '/api/languages?items_per_page=250')).json.languages));
  for (let i = 0; i < 200; i++) {
    const code = LETTERS[Math.floor(Math.random() * 26)]! + LETTERS[Math.floor(Math.random() * 26)]!;
    if (!taken.has(code) && code !== 'en') return code;
  }
  throw new Error('no free language code');
}
async function createLanguage(body: object = {}): Promise<{ id: number; code: string }> {
  const code = await freeCode();
  const response = await api('POST', '/api/languages', { body: { lang_code: code, name: `Lang ${code}`, ...body } });
  expectStatus(response, 201);
  return { id: response.json.lang_id as number, code };
}

describe('languages', () => {
  it('English is built in as language 1; the collection is an object keyed by lang_code', async () => {
    const en = await api('GET', '/api/languages/1');
    expectStatus(en, 200);
    expect(en.json).toEqual({
      lang_id: '1',
      lang_code: 'en',
      name: 'English',
      status: 'A',
      country_code: 'US',
      direction: 'ltr',
      storefront_ids: '',
      storefront_ids_raw: [],
    });
    const list = await api('GET', '/api/languages?items_per_page=250');
    expectStatus(list, 200);
    expect(Array.isArray(list.json.languages)).toBe(false);
    expect(list.json.languages.en).toEqual(en.json);
    expect(typeof list.json.params.total_items).toBe('number');
    const only = await api('GET', '/api/languages?lang_code=en');
    expect(Object.keys(only.json.languages)).toEqual(['en']);
    expect((await api('GET', '/api/languages?page=10000')).json.languages).toEqual({});
  });

  it('POST needs lang_code then name; 201 {lang_id} as an integer; the new language in every answer', async () => {
    const none = await api('POST', '/api/languages', { body: { status: 'D' } });
    expectError(none, 400, 'Bad Request: The lang_code field is required');
    expect(none.json.errors.map((e: { field: string }) => e.field)).toEqual(['lang_code', 'name']);
    expectError(
      await api('POST', '/api/languages', { body: { lang_code: 'zz' } }),
      400,
      'Bad Request: The name field is required',
    );
    expectError(await api('POST', '/api/languages', { body: { lang_code: 'z1', name: 'x' } }), 400);
    const { id, code } = await createLanguage({ status: 'D', country_code: 'US' });
    expect(Number.isInteger(id)).toBe(true);
    const single = (await api('GET', `/api/languages/${id}`)).json;
    expect(Object.keys(single)).toEqual(FIELDS);
    expect(single).toMatchObject({ lang_id: String(id), lang_code: code, status: 'D', country_code: 'US' });
    expect((await api('GET', '/api/languages?items_per_page=250')).json.languages[code]).toEqual(single);
    await api('DELETE', `/api/languages/${id}`);
  });

  it('lang_code is unique: 400 for a taken code, and exactly one of two concurrent creates wins', async () => {
    expectError(
      await api('POST', '/api/languages', { body: { lang_code: 'en', name: 'Dup' } }),
      400,
      'Bad Request: The provided language (en) code already exists',
    );
    const code = await freeCode();
    const both = await Promise.all(
      [1, 2].map(() => api('POST', '/api/languages', { body: { lang_code: code, name: 'Race' } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 400]);
    const winner = both.find((r) => r.status === 201)!;
    expectStatus(await api('DELETE', `/api/languages/${winner.json.lang_id}`), 204);
    // A deleted language's code is free again.
    const again = await api('POST', '/api/languages', { body: { lang_code: code, name: 'Again' } });
    expectStatus(again, 201);
    await api('DELETE', `/api/languages/${again.json.lang_id}`);
  });

  it('PUT needs the language own lang_code (as CS-Cart) and answers 200 {lang_id}', async () => {
    const { id, code } = await createLanguage();
    expectError(
      await api('PUT', `/api/languages/${id}`, { body: { name: 'No code' } }),
      400,
      'Bad Request: The lang_code field is required',
    );
    expectError(await api('PUT', `/api/languages/${id}`, { body: { lang_code: 'en', name: 'x' } }), 400);
    const put = await api('PUT', `/api/languages/${id}`, {
      body: { lang_code: code, name: 'Renamed', direction: 'rtl' },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual({ lang_id: String(id) });
    expect((await api('GET', `/api/languages/${id}`)).json).toMatchObject({ name: 'Renamed', direction: 'rtl' });
    await api('DELETE', `/api/languages/${id}`);
  });

  it('404 for unknown or non-numeric ids; DELETE 204 then 404; English cannot be deleted', async () => {
    expectError(await api('GET', '/api/languages/99999999'), 404);
    expectError(await api('GET', '/api/languages/en'), 404);
    expectError(await api('PUT', '/api/languages/99999999', { body: { lang_code: 'xx', name: 'x' } }), 404);
    const { id } = await createLanguage();
    expectStatus(await api('DELETE', `/api/languages/${id}`), 204);
    expectError(await api('DELETE', `/api/languages/${id}`), 404);
    expectError(
      await api('DELETE', '/api/languages/1'),
      400,
      'Bad Request: The English language cannot be deleted because it is the default store language',
    );
  });

  it('view_languages reads, manage_languages writes', async () => {
    const reader = await createAdmin(['view_languages']);
    expectStatus(await api('GET', '/api/languages', { auth: reader.auth }), 200);
    expectForbidden(await api('POST', '/api/languages', { auth: reader.auth, body: { lang_code: 'qq', name: 'x' } }));
  });
});
