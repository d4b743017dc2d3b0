/**
 * Settings (SPEC §10, the recording's `settings`) over real HTTP: the seeded settings in the recorded shape
 * and JSON types, the filters and the echoed params, PUT of `value` checked by the setting's type, 405 for
 * POST and DELETE, 404 (and no side effect) for an absent id, privileges.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createApiUser,
  createCompany,
  expectError,
  expectForbidden,
  expectStatus,
} from '../support/fixtures.js';
import { api } from '../support/http.js';

const LIST_FIELDS = [
  'object_id',
  'name',
  'section_id',
  'section_tab_id',
  'type',
  'edition_type',
  'position',
  'is_global',
  'handler',
  'parent_id',
  'description',
  'tooltip',
  'object_type',
  'value',
];
const SINGLE_FIELDS = [...LIST_FIELDS, 'section_name', 'section_tab_name', 'variants'];
const COMPANY_NAMES = [
  'company_name',
  'company_phone',
  'company_phone_2',
  'company_address',
  'company_city',
  'company_country',
  'company_zipcode',
  'company_website',
  'company_users_department',
  'company_site_administrator',
  'company_orders_department',
  'company_support_department',
  'company_newsletter_email',
];

type Setting = Record<string, unknown> & { object_id: string; name: string; value: string; type: string };

async function allSettings(query = ''): Promise<Setting[]> {
  const response = await api('GET', `/api/settings?items_per_page=250${query}`);
  expectStatus(response, 200);
  return response.json.settings;
}

async function settingNamed(name: string): Promise<Setting> {
  const found = (await allSettings()).find((setting) => setting.name === name);
  expect(found, name).toBeDefined();
  return found!;
}

const restore: Array<[string, string]> = [];
async function put(id: string, value: unknown, auth?: readonly [string, string]) {
  return api('PUT', `/api/settings/${id}`, { body: { value }, ...(auth ? { auth } : {}) });
}

afterAll(async () => {
  for (const [id, value] of restore) expectStatus(await put(id, value), 200);
});

describe('settings', () => {
  it('GET /settings: the seeded settings by object_id, every recorded field with its JSON type, params with the section echo', async () => {
    const response = await api('GET', '/api/settings?items_per_page=2');
    expectStatus(response, 200);
    expect(response.json.settings).toHaveLength(2);
    expect(response.json.params).toMatchObject({ section_id: 0, section_tab_id: 0, items_per_page: 2, page: 1 });
    expect(typeof response.json.params.total_items).toBe('number');
    expect(response.json.params.total_items).toBeGreaterThanOrEqual(30);
    expect(response.json.search).toEqual(response.json.params);
    const settings = await allSettings();
    for (const setting of settings) {
      expect(Object.keys(setting)).toEqual(LIST_FIELDS);
      for (const field of LIST_FIELDS) {
        if (field === 'tooltip') expect(setting.tooltip).toBeNull();
        else expect(typeof setting[field], `${setting.name}.${field}`).toBe('string');
      }
      expect(setting.object_id).toMatch(/^\d+$/);
    }
    const ids = settings.map((setting) => Number(setting.object_id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await api('GET', '/api/settings?page=1000')).json.settings).toEqual([]);
  });

  it('the Company section (5) holds the recorded settings; company_name is 31, company_phone_2 is 29', async () => {
    const response = await api('GET', '/api/settings?section_id=5&items_per_page=250');
    expectStatus(response, 200);
    expect(response.json.params).toMatchObject({ section_id: 5, section_tab_id: 0 });
    const company = response.json.settings as Setting[];
    expect(company.every((setting) => setting.section_id === '5')).toBe(true);
    expect(company.map((setting) => setting.name)).toEqual(expect.arrayContaining(COMPANY_NAMES));
    expect(response.json.params.total_items).toBe(company.length);
    expect(company.find((setting) => setting.name === 'company_name')).toMatchObject({
      object_id: '31',
      section_id: '5',
      section_tab_id: '0',
      type: 'I',
      edition_type: 'ROOT,ULT:VENDOR',
      position: '0',
      is_global: 'Y',
      handler: '',
      parent_id: '0',
      object_type: 'O',
    });
    expect(company.find((setting) => setting.name === 'company_phone_2')).toMatchObject({
      object_id: '29',
      type: 'L',
      position: '70',
    });
    // section_tab_id filters too; company_id and lang_code are accepted (one store, one value per setting).
    const tab = await api(
      'GET',
      '/api/settings?section_id=5&section_tab_id=0&company_id=1&lang_code=en&items_per_page=250',
    );
    expectStatus(tab, 200);
    expect(tab.json.settings).toEqual(company);
    expect(tab.json.params).toMatchObject({ section_id: 5, section_tab_id: 0, company_id: 1, lang_code: 'en' });
    expect((await api('GET', '/api/settings?section_tab_id=7')).json.settings).toEqual([]);
    expect((await api('GET', '/api/settings?section_id=999')).json).toMatchObject({
      settings: [],
      params: { total_items: 0 },
    });
    expectError(await api('GET', '/api/settings?section_id=abc'), 400);
  });

  it('GET /settings/:id: the row plus section_name, section_tab_name and variants', async () => {
    const single = await api('GET', '/api/settings/31');
    expectStatus(single, 200);
    expect(Object.keys(single.json)).toEqual(SINGLE_FIELDS);
    expect(single.json).toMatchObject({
      object_id: '31',
      name: 'company_name',
      section_name: 'Company',
      section_tab_name: 'main',
      variants: [],
      tooltip: null,
    });
    const row = (await allSettings()).find((setting) => setting.object_id === '31');
    expect(row).toEqual(Object.fromEntries(LIST_FIELDS.map((field) => [field, single.json[field]])));
    const select = await settingNamed('calendar_week_format');
    const withVariants = await api('GET', `/api/settings/${select.object_id}`);
    expect(withVariants.json).toMatchObject({
      type: 'S',
      section_name: 'Appearance',
      variants: ['sunday_first', 'monday_first'],
    });
    expectError(await api('GET', '/api/settings/999999'), 404);
    expectError(await api('GET', '/api/settings/abc'), 404);
  });

  it('PUT needs value (400 naming it) and answers 200 {"setting_id": N}; the value is read back', async () => {
    expectError(
      await api('PUT', '/api/settings/29', { body: { name: 'x' } }),
      400,
      'Bad Request: The value field is required',
    );
    const before = (await api('GET', '/api/settings/29')).json.value as string;
    restore.push(['29', before]);
    const response = await put('29', '+1 555 000 0000');
    expectStatus(response, 200);
    expect(response.json).toEqual({ setting_id: '29' });
    const after = await api('GET', '/api/settings/29');
    expect(after.json).toMatchObject({ value: '+1 555 000 0000', name: 'company_phone_2' });
    // A number is stored as text, as CS-Cart stores every value.
    expectStatus(await put('29', 5550000), 200);
    expect((await api('GET', '/api/settings/29')).json.value).toBe('5550000');
    // An empty value is a value (the recording restored company_phone_2 to "").
    expectStatus(await put('29', ''), 200);
    expect((await api('GET', '/api/settings/29')).json.value).toBe('');
    expectError(await put('29', null), 400, 'Bad Request: The value field is required');
  });

  it('PUT checks the value by the setting type: checkbox Y/N, select within variants, number, one-line text length', async () => {
    const checkbox = await settingNamed('display_track_orders');
    restore.push([checkbox.object_id, checkbox.value]);
    expectError(await put(checkbox.object_id, 'maybe'), 400, 'Bad Request: The value field must be Y or N');
    expectStatus(await put(checkbox.object_id, 'n'), 200);
    expect((await api('GET', `/api/settings/${checkbox.object_id}`)).json.value).toBe('N');

    const select = await settingNamed('calendar_week_format');
    restore.push([select.object_id, select.value]);
    expectError(
      await put(select.object_id, 'friday_first'),
      400,
      'Bad Request: The value field must be one of: sunday_first, monday_first',
    );
    expectStatus(await put(select.object_id, 'monday_first'), 200);
    expect((await api('GET', `/api/settings/${select.object_id}`)).json.value).toBe('monday_first');

    const radio = await settingNamed('feedback_type');
    expectError(await put(radio.object_id, 'sometimes'), 400);

    const number = await settingNamed('admin_elements_per_page');
    restore.push([number.object_id, number.value]);
    expectError(
      await put(number.object_id, 'fifty'),
      400,
      'Bad Request: The value field must be a non-negative number',
    );
    expectError(await put(number.object_id, '-5'), 400);
    expectStatus(await put(number.object_id, '25'), 200);
    expect((await api('GET', `/api/settings/${number.object_id}`)).json.value).toBe('25');

    expectError(
      await put('31', 'x'.repeat(256)),
      400,
      'Bad Request: The value field must be at most 255 characters long',
    );
    expectError(await put('31', { a: 1 }), 400);
  });

  it('PUT to an absent setting is a 404 and creates nothing (CS-Cart inserted a junk row)', async () => {
    const total = (await api('GET', '/api/settings')).json.params.total_items;
    expectError(await put('999999', 'x'), 404);
    expectError(await api('GET', '/api/settings/999999'), 404);
    expect((await api('GET', '/api/settings')).json.params.total_items).toBe(total);
  });

  it('POST and DELETE are 405 with Allow; PUT without an id is 405', async () => {
    const post = await api('POST', '/api/settings', { body: { name: 'x', value: 'y' } });
    expectError(post, 405);
    expect(post.headers.get('allow')).toBe('GET');
    const del = await api('DELETE', '/api/settings/29');
    expectError(del, 405);
    expect(del.headers.get('allow')).toBe('GET, PUT');
    expectError(await api('PUT', '/api/settings', { body: { value: 'x' } }), 405);
    expectStatus(await api('GET', '/api/settings/29'), 200);
  });

  it('view_settings reads, update_settings writes; vendors are refused', async () => {
    const reader = await createAdmin(['view_settings']);
    expectStatus(await api('GET', '/api/settings', { auth: reader.auth }), 200);
    expectStatus(await api('GET', '/api/settings/31', { auth: reader.auth }), 200);
    expectForbidden(await put('31', 'x', reader.auth));
    const writer = await createAdmin(['update_settings']);
    expectForbidden(await api('GET', '/api/settings', { auth: writer.auth }));
    const current = (await api('GET', '/api/settings/31')).json.value as string;
    expectStatus(await put('31', current, writer.auth), 200);
    // Privilege before body and id: no 400 or 404 for a caller without it.
    expectForbidden(await api('PUT', '/api/settings/999999', { auth: reader.auth, body: {} }));
    const vendor = await createApiUser('V', ['--company', String(await createCompany())]);
    expectForbidden(await api('GET', '/api/settings', { auth: vendor.auth }));
  });
});
