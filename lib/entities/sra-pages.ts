import { defineEntity } from './define.js';
import { fixed } from './field-builders.js';
import { pagesEntity } from './pages.js';

const { status: _status, ...shopperFilters } = pagesEntity.schema.filters ?? {};

/**
 * Pages as shoppers see them (the add-on's `SraPages`): `GET /api/4.0/sra_pages[/:page_id]`, also in a store's
 * context; the administration's pages (lib/entities/pages.ts), listed under `pages`, of status A and H only
 * (whatever `status` the query sends, as CS-Cart forces it) and of active stores; a D page is a 404 as a single.
 * lib/operations/sra-pages.ts.
 */
export const sraPagesEntity = defineEntity({
  ...pagesEntity,
  name: 'sra_pages',
  schema: {
    ...pagesEntity.schema,
    // The single page also shows its reviews' thread (0 before the first post) and the discussion type it takes.
    fields: {
      ...pagesEntity.schema.fields,
      discussion_type: fixed('string', 'B', 'single'),
      thread_id: fixed('int', 0, 'single', 'number'),
    },
    filters: shopperFilters,
  },
  http: {
    companyOwned: true,
    operations: ['list', 'get'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collectionKey: 'pages',
  },
  docs: { sortKeys: ['id', ...Object.keys(pagesEntity.storage.sortRules ?? {})] },
  // The active stores (Query of the companies' status index) beside the pages' list; a single reads its store.
  deployment: {
    domain: 'content',
    functions: { list: { extra: ['BatchGetItem'] }, get: { extra: ['GetItem', 'BatchGetItem'] } },
  },
});
