/**
 * Stores and vendors (SPEC §10; cscart-entities.md "stores", "vendors") over real HTTP, as the bootstrap root, under
 * each of the two views: every recorded field in its recorded JSON type, the answers of POST, GET, PUT and DELETE,
 * validation (required fields in the recorded order, allowed values), ignored keys.
 */
import { describe, expect, it } from 'vitest';
import { createVia, expectShape, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { COMPANY_FIELDS, idKey, VIEWS } from './catalog-companies-fixtures.js';

describe.each(VIEWS)('/$path', (view) => {
  const base = `/api/${view.path}`;
  const create = (body: object) => createVia(base, idKey(view), body);

  it('POST → 201 with exactly the recorded answer keys and an integer id; GET shows every recorded field in its type', async () => {
    const tag = uid();
    const body = {
      company: `Company ${tag}`,
      ...view.body(tag),
      storefront: `full-${tag}.example.com`,
      secure_storefront: `secure-${tag}.example.com`,
      email: `full-${tag}@e2e.example.com`,
      status: 'A',
      lang_code: 'en',
      address: '1 Boston street',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      zipcode: '02125',
      phone: '+16175556985',
      url: 'http://example.com',
      entry_page: 'none',
      redirect_customer: 'N',
    };
    const response = await api('POST', base, { body });
    expectStatus(response, 201);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const id = response.json[idKey(view)];
    expect(Number.isInteger(id)).toBe(true);
    expect(response.json).toEqual(view.createAnswer(id));

    const single = await getOk(`${base}/${id}`);
    expectShape(single, COMPANY_FIELDS, 'single');
    expect(single).toMatchObject({
      company_id: String(id),
      company: body.company,
      storefront: body.storefront,
      secure_storefront: body.secure_storefront,
      email: body.email,
      status: 'A',
      address: '1 Boston street',
      city: 'Boston',
      state: 'MA',
      country: 'US',
      zipcode: '02125',
      phone: '+16175556985',
      url: 'http://example.com',
      redirect_customer: 'N',
    });
    const now = Math.floor(Date.now() / 1000);
    expect(Math.abs(Number(single.timestamp) - now)).toBeLessThan(120);

    const list = await getOk(`${base}?company=${encodeURIComponent(body.company)}`);
    expect(idsOf(list, view.path, 'company_id')).toEqual([id]);
    expectShape(list[view.path][0], COMPANY_FIELDS, 'list');
    expect(list[view.path][0]).toMatchObject({
      company_id: String(id),
      company: body.company,
      email: body.email,
      storefront: body.storefront,
    });
  });

  it('a minimal POST shows every recorded field too, defaults in the recorded JSON types', async () => {
    const id = await create(view.body(uid()));
    const single = await getOk(`${base}/${id}`);
    expectShape(single, COMPANY_FIELDS, 'single');
    expect(single.status).toBe('A');
  });

  it('PUT → 200 with the recorded answer; only the fields sent change', async () => {
    const tag = uid();
    const id = await create(view.body(tag));
    const before = await getOk(`${base}/${id}`);
    const response = await api('PUT', `${base}/${id}`, {
      body: { company: `Renamed ${tag}`, city: 'Paris', status: 'D' },
    });
    expectStatus(response, 200);
    expect(response.json).toEqual(view.updateAnswer(id));
    const after = await getOk(`${base}/${id}`);
    expect(after).toEqual({ ...before, company: `Renamed ${tag}`, city: 'Paris', status: 'D' });
  });

  it('DELETE → 204 with an empty body; then GET, PUT and DELETE → 404', async () => {
    const id = await create(view.body(uid()));
    const response = await api('DELETE', `${base}/${id}`);
    expectStatus(response, 204);
    expect(response.body).toBe('');
    expectError(await api('GET', `${base}/${id}`), 404);
    expectError(await api('PUT', `${base}/${id}`, { body: { company: 'x' } }), 404);
    expectError(await api('DELETE', `${base}/${id}`), 404);
  });

  it('unknown and non-numeric ids → 404 for GET, PUT and DELETE', async () => {
    for (const id of ['999999999', 'abc', '12abc', '0', '-3', '1.5']) {
      expectError(await api('GET', `${base}/${id}`), 404);
      expectError(await api('PUT', `${base}/${id}`, { body: { company: 'x' } }), 404);
      expectError(await api('DELETE', `${base}/${id}`), 404);
    }
  });

  it('required fields in the recorded check order, every missing one in errors', async () => {
    const [first, second] = view.required;
    const none = await api('POST', base, { body: { phone: '+1' } });
    expectError(none, 400, `Bad Request: The ${first} field is required`);
    expect(none.json.errors).toEqual(
      view.required.map((field) => ({ field, message: `The ${field} field is required` })),
    );

    const onlySecond = await api('POST', base, { body: { [second!]: view.body('x')[second!] } });
    expectError(onlySecond, 400, `Bad Request: The ${first} field is required`);
    expect(onlySecond.json.errors).toEqual([{ field: first, message: `The ${first} field is required` }]);

    const onlyFirst = await api('POST', base, { body: { [first!]: 'Only a name' } });
    expectError(onlyFirst, 400, `Bad Request: The ${second} field is required`);
    expect(onlyFirst.json.errors).toEqual([{ field: second, message: `The ${second} field is required` }]);

    // Blank is missing.
    const blank = await api('POST', base, { body: { ...view.body(uid()), company: '  ' } });
    expectError(blank, 400, 'Bad Request: The company field is required');

    expectError(await api('POST', base, { body: {} }), 400, 'Bad Request: Missing parameters');
  });

  it('values outside the allowed ones → 400 naming the field, nothing written', async () => {
    const tag = uid();
    for (const [field, value] of [
      ['status', 'X'],
      ['status', 'a'],
      ['email', 'not-an-address'],
      ['redirect_customer', 'maybe'],
      ['company', { nested: true }],
      ['company', 'x'.repeat(256)],
    ] as const) {
      const response = await api('POST', base, { body: { ...view.body(tag), [field]: value } });
      expectError(response, 400);
      expect(
        response.json.errors?.map((e: { field: string }) => e.field),
        JSON.stringify(value),
      ).toEqual([field]);
    }
    expect((await getOk(`${base}?company=${tag}`))[view.path]).toEqual([]);

    const id = await create(view.body(uid()));
    const response = await api('PUT', `${base}/${id}`, { body: { status: 'Z' } });
    expectError(response, 400);
    expect(response.json.errors).toEqual([{ field: 'status', message: expect.stringContaining('status') }]);
    expect((await getOk(`${base}/${id}`)).status).toBe('A');
  });

  it('unknown keys and read-only fields in a body are ignored', async () => {
    const tag = uid();
    const response = await api('POST', base, {
      body: {
        ...view.body(tag),
        company_id: 1,
        store_id: 1,
        timestamp: 12345,
        average_rating: 5,
        request_user_id: 7,
        shippings_ids: ['9'],
        discussion: { posts_count: 9 },
        favourite_colour: 'blue',
      },
    });
    expectStatus(response, 201);
    const id = response.json[idKey(view)];
    expect(id).not.toBe(1);
    const single = await getOk(`${base}/${id}`);
    expect(single.company_id).toBe(String(id));
    expect(Number(single.timestamp)).toBeGreaterThan(12345);
    expect(single.average_rating).toBeNull();
    expect(single.request_user_id).toBe('0');
    expect(single.shippings_ids).toEqual([]);
    expect(single).not.toHaveProperty('favourite_colour');
    expect(single).not.toHaveProperty('store_id');

    const put = await api('PUT', `${base}/${id}`, {
      body: { company_id: 1, timestamp: 5, favourite_colour: 'red', city: 'Rome' },
    });
    expectStatus(put, 200);
    expect(put.json).toEqual(view.updateAnswer(id));
    const after = await getOk(`${base}/${id}`);
    expect(after).toEqual({ ...single, city: 'Rome' });
    // Only unknown or read-only keys: nothing to change.
    expectError(
      await api('PUT', `${base}/${id}`, { body: { company_id: 3, favourite_colour: 'red' } }),
      400,
      'Bad Request: Missing parameters',
    );
  });
});
