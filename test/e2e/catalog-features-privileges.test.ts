/**
 * Product features (SPEC §10) need view_catalog to read and manage_catalog to write, over real HTTP.
 */
import { beforeAll, describe, it } from 'vitest';
import { createFeature, createStore, createVia } from '../support/catalog.js';
import { createAdmin, expectForbidden, expectStatus, uid } from '../support/fixtures.js';
import { api } from '../support/http.js';

let company: number;
beforeAll(async () => {
  company = await createStore();
});

describe('privileges: features need view_catalog / manage_catalog', () => {
  it('view_catalog reads but does not write; manage_catalog alone writes but does not read', async () => {
    const [reader, writer] = await Promise.all([createAdmin(['view_catalog']), createAdmin(['manage_catalog'])]);
    const id = await createFeature(company);
    expectStatus(await api('GET', '/api/features', { auth: reader.auth }), 200);
    expectStatus(await api('GET', `/api/features/${id}`, { auth: reader.auth }), 200);
    expectForbidden(
      await api('POST', '/api/features', {
        auth: reader.auth,
        body: { feature_type: 'S', description: 'x', company_id: company },
      }),
    );
    expectForbidden(await api('PUT', `/api/features/${id}`, { auth: reader.auth, body: { description: 'x' } }));
    expectForbidden(await api('DELETE', `/api/features/${id}`, { auth: reader.auth }));

    expectForbidden(await api('GET', `/api/features/${id}`, { auth: writer.auth }));
    const created = await createVia(
      '/api/2.0/features',
      'feature_id',
      { feature_type: 'S', description: `V2 ${uid()}`, company_id: company },
      writer.auth,
    );
    expectStatus(await api('PUT', `/api/features/${created}`, { auth: writer.auth, body: { description: 'y' } }), 200);
    expectStatus(await api('DELETE', `/api/features/${created}`, { auth: writer.auth }), 204);
  });
});
