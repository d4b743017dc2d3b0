/**
 * Conditional requests (docs/recipes.md, docs/api.md §3) over real HTTP: the ETag of single GETs for
 * framework entities (taxes, categories with their computed product_count) and bespoke ones
 * (usergroups, users, langvars, memberships), 304 on If-None-Match, 412 on a stale If-Match with
 * nothing changed, racing writers with the same If-Match (one 200, the rest 412), DELETE with
 * If-Match, `*`, and the judging order (404 and 403 before 412).
 */
import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore } from '../support/catalog.js';
import {
  createAdmin,
  createCustomer,
  createGroup,
  expectError,
  expectStatus,
  setLink,
  uid,
} from '../support/fixtures.js';
import { type ApiResponse, api } from '../support/http.js';
import { catalog, createVariationGroup, variantProduct } from '../support/variations.js';

async function createTax(): Promise<number> {
  const response = await api('POST', '/api/taxes', { body: { tax: `VAT ${uid()}` } });
  expectStatus(response, 201);
  return response.json.tax_id as number;
}

async function etagOf(path: string): Promise<{ etag: string; body: unknown }> {
  const response = await api('GET', path);
  expectStatus(response, 200);
  const etag = response.headers.get('etag');
  expect(etag, `ETag of ${path}`).toMatch(/^"[A-Za-z0-9_-]+"$/);
  return { etag: etag!, body: response.json };
}

const ifMatch = (etag: string) => ({ headers: { 'If-Match': etag } });

function expectPreconditionFailed(response: ApiResponse): void {
  expectError(response, 412);
  expect(response.json.message).toMatch(/^Precondition Failed/);
}

describe('ETag and If-None-Match', () => {
  it('a single GET sends a strong ETag, stable while the object is unchanged, the same on every path form', async () => {
    const id = await createTax();
    const { etag } = await etagOf(`/api/taxes/${id}`);
    expect((await etagOf(`/api/taxes/${id}`)).etag).toBe(etag);
    expect((await etagOf(`/api/2.0/taxes/${id}`)).etag).toBe(etag);
    const legacy = await api('GET', `/api.php?_d=taxes/${id}&ajax_custom=1`);
    expectStatus(legacy, 200);
    expect(legacy.headers.get('etag')).toBe(etag);
    expectStatus(await api('PUT', `/api/taxes/${id}`, { body: { tax: `Renamed ${uid()}` } }), 200);
    expect((await etagOf(`/api/taxes/${id}`)).etag).not.toBe(etag);
  });

  it('If-None-Match: a matching tag (also weak, in a list, or *) is a 304 with the ETag and no body; a stale one a 200', async () => {
    const id = await createTax();
    const { etag } = await etagOf(`/api/taxes/${id}`);
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const response = await api('GET', `/api/taxes/${id}`, { headers: { 'If-None-Match': header } });
      expect(response.status, header).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.get('etag')).toBe(etag);
    }
    const legacy = await api('GET', `/api.php?_d=2.0/taxes/${id}&ajax_custom=1`, {
      headers: { 'If-None-Match': etag },
    });
    expect(legacy.status).toBe(304);
    expectStatus(await api('GET', `/api/taxes/${id}`, { headers: { 'If-None-Match': '"stale"' } }), 200);
    expectError(await api('GET', '/api/taxes/99999999', { headers: { 'If-None-Match': etag } }), 404);
  });

  it("a category's ETag changes when its computed product_count does", async () => {
    const company = await createStore();
    const category = await createCategory(company);
    const before = await etagOf(`/api/categories/${category}`);
    await createProduct({ company_id: company, category_ids: [category] });
    const after = await etagOf(`/api/categories/${category}`);
    expect((after.body as { product_count: unknown }).product_count).not.toEqual(
      (before.body as { product_count: unknown }).product_count,
    );
    expect(after.etag).not.toBe(before.etag);
    expect(
      (await api('GET', `/api/categories/${category}`, { headers: { 'If-None-Match': before.etag } })).status,
    ).toBe(200);
  });

  it('usergroups, users, langvars and memberships send ETags and answer 304', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    const user = await createCustomer();
    await setLink(user, group, 'A');
    const name = `etag_${uid()
      .toLowerCase()
      .replace(/[^0-9a-z_]/g, '')}`;
    expectStatus(await api('POST', '/api/langvars', { body: { name, value: 'one' } }), 201);
    for (const path of [
      `/api/usergroups/${group}`,
      `/api/users/${user}`,
      `/api/langvars/${name}`,
      `/api/users/${user}/usergroups/${group}`,
    ]) {
      const { etag } = await etagOf(path);
      expect((await api('GET', path, { headers: { 'If-None-Match': etag } })).status, path).toBe(304);
    }
  });
});

describe('If-Match on PUT and DELETE', () => {
  it('a stale If-Match is a 412 and changes nothing; the current one (or *) writes', async () => {
    const id = await createTax();
    const stale = await etagOf(`/api/taxes/${id}`);
    expectStatus(await api('PUT', `/api/taxes/${id}`, { body: { tax: 'Second' } }), 200);
    const current = await etagOf(`/api/taxes/${id}`);
    expectPreconditionFailed(await api('PUT', `/api/taxes/${id}`, { body: { tax: 'Lost' }, ...ifMatch(stale.etag) }));
    expectPreconditionFailed(
      await api('PUT', `/api/taxes/${id}`, { body: { tax: 'Lost' }, ...ifMatch(`W/${current.etag}`) }),
    );
    expect(await etagOf(`/api/taxes/${id}`)).toEqual(current);
    // A 412 comes before the body's field values are judged.
    expectPreconditionFailed(await api('PUT', `/api/taxes/${id}`, { body: { status: 'X' }, ...ifMatch(stale.etag) }));
    expectStatus(
      await api('PUT', `/api/taxes/${id}`, { body: { tax: 'Third' }, ...ifMatch(`"other", ${current.etag}`) }),
      200,
    );
    expectStatus(await api('PUT', `/api/taxes/${id}`, { body: { tax: 'Fourth' }, ...ifMatch('*') }), 200);
    expect(((await etagOf(`/api/taxes/${id}`)).body as { tax: string }).tax).toBe('Fourth');
  });

  it('racing PUTs with the same If-Match: exactly one 200, the rest 412, and the winner is what stays', async () => {
    const id = await createTax();
    const { etag } = await etagOf(`/api/taxes/${id}`);
    const names = Array.from({ length: 8 }, (_, i) => `Racer ${i} ${uid()}`);
    const answers = await Promise.all(
      names.map((tax) => api('PUT', `/api/taxes/${id}`, { body: { tax }, ...ifMatch(etag) })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412, 412, 412, 412]);
    const winner = names[answers.findIndex((a) => a.status === 200)];
    expect(((await etagOf(`/api/taxes/${id}`)).body as { tax: string }).tax).toBe(winner);
  });

  it('DELETE with a stale If-Match is a 412 and keeps the object; with the current one it deletes; 404 comes before 412', async () => {
    const id = await createTax();
    const stale = await etagOf(`/api/taxes/${id}`);
    expectStatus(await api('PUT', `/api/taxes/${id}`, { body: { tax: `Changed ${uid()}` } }), 200);
    expectPreconditionFailed(await api('DELETE', `/api/taxes/${id}`, ifMatch(stale.etag)));
    const current = await etagOf(`/api/taxes/${id}`);
    expectStatus(await api('DELETE', `/api/taxes/${id}`, ifMatch(current.etag)), 204);
    expectError(await api('DELETE', `/api/taxes/${id}`, ifMatch(current.etag)), 404);
    expectError(await api('PUT', `/api/taxes/${id}`, { body: { tax: 'x' }, ...ifMatch('*') }), 404);
  });

  it('a caller without the privilege gets 403, not 412', async () => {
    const id = await createTax();
    const weak = await createAdmin([]);
    expectError(
      await api('PUT', `/api/taxes/${id}`, { auth: weak.auth, body: { tax: 'x' }, ...ifMatch('"stale"') }),
      403,
    );
  });

  it('usergroups: stale If-Match → 412 and nothing changed; racing PUTs → one 200; DELETE honours If-Match', async () => {
    const group = await createGroup({ type: 'C', status: 'A' });
    const path = `/api/usergroups/${group}`;
    const stale = await etagOf(path);
    expectStatus(await api('PUT', path, { body: { type: 'C', status: 'H' } }), 200);
    const current = await etagOf(path);
    expectPreconditionFailed(await api('PUT', path, { body: { type: 'C', status: 'D' }, ...ifMatch(stale.etag) }));
    expect(await etagOf(path)).toEqual(current);
    const answers = await Promise.all(
      ['A', 'D', 'A', 'D', 'A', 'D'].map((status, i) =>
        api('PUT', path, { body: { type: 'C', status, usergroup: `Racer ${i}` }, ...ifMatch(current.etag) }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412, 412, 412, 412]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await etagOf(path)).body).toMatchObject({ usergroup: `Racer ${winner}` });
    expectPreconditionFailed(await api('DELETE', path, ifMatch(current.etag)));
    expectStatus(await api('DELETE', path, ifMatch((await etagOf(path)).etag)), 204);
    expectError(await api('GET', path), 404);
  });

  it('users, langvars and memberships: stale If-Match → 412 and nothing changed; current → written', async () => {
    const user = await createCustomer();
    const userPath = `/api/users/${user}`;
    const staleUser = await etagOf(userPath);
    expectStatus(await api('PUT', userPath, { body: { firstname: 'Ann' } }), 200);
    expectPreconditionFailed(await api('PUT', userPath, { body: { firstname: 'Lost' }, ...ifMatch(staleUser.etag) }));
    expect((await etagOf(userPath)).body).toMatchObject({ firstname: 'Ann' });
    expectStatus(
      await api('PUT', userPath, { body: { firstname: 'Bea' }, ...ifMatch((await etagOf(userPath)).etag) }),
      200,
    );

    const name = `etag_${uid()
      .toLowerCase()
      .replace(/[^0-9a-z_]/g, '')}`;
    expectStatus(await api('POST', '/api/langvars', { body: { name, value: 'one' } }), 201);
    const varPath = `/api/langvars/${name}`;
    const staleVar = await etagOf(varPath);
    expectStatus(await api('PUT', varPath, { body: { value: 'two' } }), 200);
    expectPreconditionFailed(await api('PUT', varPath, { body: { value: 'lost' }, ...ifMatch(staleVar.etag) }));
    expectPreconditionFailed(await api('DELETE', varPath, ifMatch(staleVar.etag)));
    expect((await etagOf(varPath)).body).toMatchObject({ value: 'two' });
    expectStatus(await api('DELETE', varPath, ifMatch((await etagOf(varPath)).etag)), 204);

    const group = await createGroup({ type: 'C', status: 'A' });
    await setLink(user, group, 'A');
    const linkPath = `/api/users/${user}/usergroups/${group}`;
    const staleLink = await etagOf(linkPath);
    expectStatus(await api('PUT', linkPath, { body: { status: 'P' } }), 200);
    expectPreconditionFailed(await api('PUT', linkPath, { body: { status: 'D' }, ...ifMatch(staleLink.etag) }));
    expect((await etagOf(linkPath)).body).toMatchObject({ status: 'P' });
    expectStatus(await api('DELETE', linkPath, ifMatch((await etagOf(linkPath)).etag)), 204);

    expectPreconditionFailed(await api('DELETE', userPath, ifMatch(staleUser.etag)));
    expectStatus(await api('DELETE', userPath, ifMatch((await etagOf(userPath)).etag)), 204);
  });

  it('variation groups: ETag, 304, stale If-Match → 412 on PUT and DELETE, racing PUTs → one 200', async () => {
    const c = await catalog();
    const a = await variantProduct(c, c.color.variants[0]!, c.size.variants[0]!);
    const b = await variantProduct(c, c.color.variants[1]!, c.size.variants[1]!);
    const group = await createVariationGroup({ product_ids: [a, b] });
    const path = `/api/product_variations_groups/${group.id}`;
    const stale = await etagOf(path);
    expect((await api('GET', path, { headers: { 'If-None-Match': stale.etag } })).status).toBe(304);
    expectStatus(await api('PUT', path, { body: { code: `ET-${uid()}`.slice(0, 30) } }), 200);
    const current = await etagOf(path);
    expectPreconditionFailed(
      await api('PUT', path, { body: { code: `LOST-${uid()}`.slice(0, 30) }, ...ifMatch(stale.etag) }),
    );
    expectPreconditionFailed(await api('DELETE', path, ifMatch(stale.etag)));
    expect(await etagOf(path)).toEqual(current);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        api('PUT', path, { body: { code: `R${i}-${uid()}`.slice(0, 30) }, ...ifMatch(current.etag) }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 412, 412, 412]);
    expectStatus(await api('DELETE', path, ifMatch((await etagOf(path)).etag)), 204);
  });
});
