/**
 * Cursor paging (docs/api.md §3, "Cursor paging") over real HTTP: `params.next`/`search.next` on wrapped lists,
 * `?cursor=` walking a collection exactly once while other requests create and delete objects in it,
 * for the default order (an index partition) and for another sort (a sort partition, descending);
 * forged, altered and misused cursors are 400s; the last page's `next` is null.
 */
import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createStore, getOk, idsOf } from '../support/catalog.js';
import { createCompany, createUser, expectError, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { onOwnTable } from '../support/table-of-its-own.js';

// Its lists read every record of their kind in the table: on a table of its own, this file's alone, wherever it runs.
onOwnTable('cursor-paging', { bootstrapped: true });

const list = (query: string) => `/api/categories?${query}`;

/** Walks a list page by page through `next`; `between` runs after every page (deterministic interleaving). */
async function walk(
  query: string,
  between: () => Promise<void>,
): Promise<{ ids: number[]; rows: any[]; pages: number }> {
  const rows: any[] = [];
  let body = await getOk(list(query));
  let pages = 1;
  for (;;) {
    rows.push(...body.categories);
    expect(body.search.next).toBe(body.params.next);
    const next = body.params.next as string | null;
    if (next === null) break;
    expect(typeof next).toBe('string');
    await between();
    body = await getOk(list(`${query}&cursor=${encodeURIComponent(next)}`));
    pages += 1;
    expect(pages).toBeLessThan(100);
  }
  return { ids: rows.map((row) => Number(row.category_id)), rows, pages };
}

async function children(
  company: number,
  parent: number,
  count: number,
  position: (i: number) => number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await createCategory(company, { parent_id: parent, position: position(i) }));
  return ids;
}

/** Creates and deletes children of `parent` until `done()`: concurrent churn beside the walk. */
async function churn(company: number, parent: number, doomed: number[], done: () => boolean): Promise<number> {
  let rounds = 0;
  while (!done()) {
    const victim = doomed.pop();
    await Promise.all([
      createCategory(company, { parent_id: parent, position: Math.floor(Math.random() * 40) }),
      victim === undefined ? undefined : api('DELETE', `/api/categories/${victim}`).then((r) => expectStatus(r, 204)),
    ]);
    rounds += 1;
  }
  return rounds;
}

function expectOnce(seen: number[], stable: number[]): void {
  expect(new Set(seen).size, 'no object twice').toBe(seen.length);
  const missing = stable.filter((id) => !seen.includes(id));
  expect(missing, 'every object that lived through the walk').toEqual([]);
}

describe('cursor paging', () => {
  it('walks the default order exactly once while objects are created and deleted', async () => {
    const company = await createStore();
    const parent = await createCategory(company);
    const stable = await children(company, parent, 18, (i) => i);
    const doomed = await children(company, parent, 12, (i) => i);
    let done = false;
    const background = churn(company, parent, doomed, () => done);
    const { ids, pages } = await walk(`parent_id=${parent}&items_per_page=4`, async () => {
      // Between pages also: one created (after the cursor, ids only grow) and one deleted.
      await createCategory(company, { parent_id: parent });
      const victim = doomed.pop();
      if (victim !== undefined) expectStatus(await api('DELETE', `/api/categories/${victim}`), 204);
    });
    done = true;
    expect(await background).toBeGreaterThan(0);
    expect(pages).toBeGreaterThan(4);
    expectOnce(ids, stable);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('walks sort_by=position descending exactly once under churn; inserts land on both sides of the cursor', async () => {
    const company = await createStore();
    const parent = await createCategory(company);
    // Ties on purpose: equal positions are ordered by id.
    const stable = await children(company, parent, 16, (i) => (i * 7) % 10);
    const doomed = await children(company, parent, 10, (i) => i % 10);
    let done = false;
    const background = churn(company, parent, doomed, () => done);
    const { ids, rows } = await walk(
      `parent_id=${parent}&sort_by=position&sort_order=desc&items_per_page=3`,
      async () => {
        await createCategory(company, { parent_id: parent, position: 0 });
        await createCategory(company, { parent_id: parent, position: 99 });
        const victim = doomed.pop();
        if (victim !== undefined) expectStatus(await api('DELETE', `/api/categories/${victim}`), 204);
      },
    );
    done = true;
    await background;
    expectOnce(ids, stable);
    const keys = rows.map((row) => [Number(row.position), Number(row.category_id)] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
  });

  it('walks an in-memory sort (products by amount, ties by id) exactly once while products come and go', async () => {
    const company = await createStore();
    const stable: number[] = [];
    for (let i = 0; i < 10; i++) stable.push(await createProduct({ company_id: company, amount: (i * 3) % 5 }));
    const doomed: number[] = [];
    for (let i = 0; i < 4; i++) doomed.push(await createProduct({ company_id: company, amount: i }));
    const rows: any[] = [];
    let body = await getOk(`/api/products?company_id=${company}&sort_by=amount&items_per_page=3`);
    for (;;) {
      rows.push(...body.products);
      const next = body.params.next as string | null;
      if (next === null) break;
      await createProduct({ company_id: company, amount: 0 });
      await createProduct({ company_id: company, amount: 9 });
      const victim = doomed.pop();
      if (victim !== undefined) expectStatus(await api('DELETE', `/api/products/${victim}`), 204);
      body = await getOk(`/api/products?company_id=${company}&items_per_page=3&cursor=${encodeURIComponent(next)}`);
      expect(rows.length).toBeLessThan(100);
    }
    const ids = rows.map((row) => Number(row.product_id));
    expectOnce(ids, stable);
    const keys = rows.map((row) => [Number(row.amount), Number(row.product_id)] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });

  it('users: a walk by name (and by id) sees every user that lived through it once while users come and go', async () => {
    const company = await createCompany();
    const stable: number[] = [];
    for (let i = 0; i < 8; i++)
      stable.push(await createUser({ user_type: 'C', company_id: company, firstname: `N${i % 3}`, lastname: 'Walk' }));
    const doomed: number[] = [];
    for (let i = 0; i < 4; i++)
      doomed.push(await createUser({ user_type: 'C', company_id: company, firstname: `N${i}`, lastname: 'Walk' }));
    for (const sort of ['sort_by=name', 'sort_by=id&sort_order=desc']) {
      const seen: number[] = [];
      let body = await getOk(`/api/users?company_id=${company}&${sort}&items_per_page=3`);
      for (;;) {
        seen.push(...body.users.map((user: any) => Number(user.user_id)));
        const next = body.params.next as string | null;
        if (next === null) break;
        await createUser({ user_type: 'C', company_id: company, firstname: 'N0', lastname: 'Walk' });
        const victim = doomed.pop();
        if (victim !== undefined) expectStatus(await api('DELETE', `/api/users/${victim}`), 204);
        body = await getOk(`/api/users?company_id=${company}&items_per_page=3&cursor=${encodeURIComponent(next)}`);
        expect(seen.length).toBeLessThan(100);
      }
      expectOnce(seen, stable);
    }
    const first = await getOk(`/api/users?company_id=${company}&items_per_page=1`);
    expectError(
      await api('GET', `/api/users?user_type=C&items_per_page=1&cursor=${encodeURIComponent(first.params.next)}`),
      400,
    );
  });

  it('next is null on the last page, on a page past the end and on an empty list; page-number paging still works', async () => {
    const company = await createStore();
    const parent = await createCategory(company);
    const kids = await children(company, parent, 5, (i) => i);
    const exact = await getOk(list(`parent_id=${parent}&items_per_page=5`));
    expect(idsOf(exact, 'categories', 'category_id')).toEqual(kids);
    expect(exact.params.next).toBeNull();
    const first = await getOk(list(`parent_id=${parent}&items_per_page=2`));
    expect(typeof first.params.next).toBe('string');
    const second = await getOk(list(`parent_id=${parent}&items_per_page=2&page=2`));
    expect(idsOf(second, 'categories', 'category_id')).toEqual(kids.slice(2, 4));
    const viaCursor = await getOk(
      list(`parent_id=${parent}&items_per_page=2&cursor=${encodeURIComponent(first.params.next)}`),
    );
    expect(idsOf(viaCursor, 'categories', 'category_id')).toEqual(kids.slice(2, 4));
    expect(viaCursor.params.page).toBe(1);
    expect(viaCursor.params.total_items).toBe(5);
    const last = await getOk(list(`parent_id=${parent}&items_per_page=2&page=3`));
    expect(last.params.next).toBeNull();
    expect((await getOk(list(`parent_id=${parent}&items_per_page=2&page=9`))).params.next).toBeNull();
    const leaf = kids[0]!;
    expect((await getOk(list(`parent_id=${leaf}`))).params.next).toBeNull();
  });

  it('a forged, altered or misused cursor is a 400 naming the cursor', async () => {
    const company = await createStore();
    const parent = await createCategory(company);
    const other = await createCategory(company);
    await children(company, parent, 3, (i) => i);
    const first = await getOk(list(`parent_id=${parent}&items_per_page=1`));
    const next = first.params.next as string;
    const [payload, signature] = next.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as string[];
    // Jump the key forward, keep the signature: the signature no longer fits.
    const moved = Buffer.from(JSON.stringify([decoded[0], decoded[1], decoded[2], '999999999999'])).toString(
      'base64url',
    );
    const cases = [`${moved}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, 'not-a-cursor', ''];
    for (const cursor of cases) {
      const response = await api(
        'GET',
        list(`parent_id=${parent}&items_per_page=1&cursor=${encodeURIComponent(cursor)}`),
      );
      expectError(response, 400);
      expect(response.json.message).toMatch(/^Bad Request: The cursor parameter/);
    }
    // With other filters, another sort, or a page number.
    expectError(
      await api('GET', list(`parent_id=${other}&items_per_page=1&cursor=${encodeURIComponent(next)}`)),
      400,
      'Bad Request: The cursor parameter belongs to a list with other filters',
    );
    expectError(
      await api('GET', list(`items_per_page=1&cursor=${encodeURIComponent(next)}`)),
      400,
      'Bad Request: The cursor parameter belongs to a list with other filters',
    );
    expectError(
      await api('GET', list(`parent_id=${parent}&sort_by=position&cursor=${encodeURIComponent(next)}`)),
      400,
      'Bad Request: The cursor parameter belongs to a list with another sort_by or sort_order',
    );
    expectError(
      await api('GET', list(`parent_id=${parent}&page=2&cursor=${encodeURIComponent(next)}`)),
      400,
      'Bad Request: The cursor parameter cannot be combined with page',
    );
    // A cursor of one entity is not one of another, even with the same (no) filters.
    const stores = await getOk('/api/stores?items_per_page=1');
    if (stores.params.next !== null) {
      expectError(
        await api('GET', `/api/taxes?items_per_page=1&cursor=${encodeURIComponent(stores.params.next)}`),
        400,
      );
    }
    // The same cursor keeps working with the same query (cursors are stateless).
    expect(
      idsOf(
        await getOk(list(`parent_id=${parent}&items_per_page=1&cursor=${encodeURIComponent(next)}`)),
        'categories',
        'category_id',
      ),
    ).toHaveLength(1);
  });

  it('works on the /api/2.0 and /api.php forms of the path', async () => {
    const company = await createStore();
    const parent = await createCategory(company);
    const kids = await children(company, parent, 3, (i) => i);
    const first = await getOk(`/api/2.0/categories?parent_id=${parent}&items_per_page=2`);
    const response = await api(
      'GET',
      `/api.php?_d=categories&ajax_custom=1&parent_id=${parent}&items_per_page=2&cursor=${encodeURIComponent(first.params.next)}`,
    );
    expectStatus(response, 200);
    expect(idsOf(response.json, 'categories', 'category_id')).toEqual([kids[2]]);
    expect(response.json.params.next).toBeNull();
  });
});
