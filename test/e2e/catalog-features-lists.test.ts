/**
 * Product features (SPEC §10; cscart-entities.md "features") over real HTTP, as the bootstrap root: the filters,
 * sorts and paging of GET /features, and variants=true putting each row's variants into the list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createFeature, createStore, getOk, idsOf } from '../support/catalog.js';
import { expectError, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { feature } from './catalog-features-fixtures.js';

describe('GET /features: filters, sorts, paging', () => {
  let own: number;
  let f: number[];
  beforeAll(async () => {
    own = await createStore();
    const tag = uid();
    f = [
      await createFeature(own, {
        feature_type: 'S',
        description: `Colour ${tag}`,
        status: 'A',
        position: 20,
        feature_code: `C-${tag}`,
        purpose: 'find_products',
      }),
      await createFeature(own, {
        feature_type: 'T',
        description: `brand ${tag}`,
        status: 'H',
        position: 10,
        purpose: 'organize_catalog',
      }),
      await createFeature(own, {
        feature_type: 'S',
        description: `Size ${tag}`,
        status: 'D',
        position: 30,
        purpose: 'find_products',
      }),
    ];
  });
  const ids = async (query: string) =>
    idsOf(await getOk(`/api/features?company_id=${own}&${query}`), 'features', 'feature_id');

  it('filters by feature_types, status, company_id, feature_code, purpose, description', async () => {
    expect(await ids('')).toEqual(f);
    expect(await ids('feature_types=S')).toEqual([f[0], f[2]]);
    expect(await ids('feature_types=T')).toEqual([f[1]]);
    expect(await ids('status=H')).toEqual([f[1]]);
    expect(await ids('feature_types=S&status=D')).toEqual([f[2]]);
    expect(await ids(`feature_code=${(await feature(f[0]!)).feature_code}`)).toEqual([f[0]]);
    expect(await ids('purpose=organize_catalog')).toEqual([f[1]]);
    expect(await ids('description=BRAND')).toEqual([f[1]]);
    for (const query of ['feature_types=X', 'status=Q', 'company_id=x']) {
      expectError(await api('GET', `/api/features?${query}`), 400);
    }
  });

  it("variants=true (the recording's #261) puts each row's variants into the list, as the single object shows them; off by default", async () => {
    const withVariants = await createFeature(own, {
      feature_type: 'S',
      description: `Shade ${uid()}`,
      variants: [{ variant: 'Light' }, { variant: 'Dark' }],
    });
    const single = await getOk(`/api/features/${withVariants}`);
    for (const on of ['true', 'Y', '1']) {
      const rows = (await getOk(`/api/features?company_id=${own}&feature_types=S&variants=${on}`)).features as Array<
        Record<string, any>
      >;
      expect(rows.map((row) => row.feature_id)).toContain(String(withVariants));
      for (const row of rows)
        expect(row.variants, `variants=${on}`).toEqual((await getOk(`/api/features/${row.feature_id}`)).variants);
      expect(rows.find((row) => row.feature_id === String(withVariants))!.variants).toEqual(single.variants);
    }
    for (const off of ['', 'variants=false', 'variants=N']) {
      const rows = (await getOk(`/api/features?company_id=${own}&${off}`)).features as Array<Record<string, any>>;
      for (const row of rows) expect(row, off || 'no switch').not.toHaveProperty('variants');
    }
    expectError(
      await api('GET', '/api/features?variants=maybe'),
      400,
      'Bad Request: The variants field must be true or false',
    );
    expectStatus(await api('DELETE', `/api/features/${withVariants}`), 204);
  });

  it('sorts by position, name, status, id; pages with total_items and an empty page past the end', async () => {
    expect(await ids('sort_by=position')).toEqual([f[1], f[0], f[2]]);
    expect(await ids('sort_by=position&sort_order=desc')).toEqual([f[2], f[0], f[1]]);
    expect(await ids('sort_by=name')).toEqual([f[1], f[0], f[2]]);
    expect(await ids('sort_by=name&sort_order=desc')).toEqual([f[2], f[0], f[1]]);
    expect(await ids('sort_by=status')).toEqual([f[0], f[2], f[1]]);
    expect(await ids('sort_by=id&sort_order=desc')).toEqual([f[2], f[1], f[0]]);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const body = await getOk(`/api/features?company_id=${own}&items_per_page=2&page=${page}`);
      expect(body.params).toMatchObject({ page, items_per_page: 2, total_items: 3 });
      expect(body.search).toEqual(body.params);
      pages.push(idsOf(body, 'features', 'feature_id'));
    }
    expect(pages).toEqual([[f[0], f[1]], [f[2]], []]);
  });
});
