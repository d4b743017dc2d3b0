import { defineEntity } from './define.js';
import { discussionTypeField } from './discussions.js';
import { choice, fixed, id, int, text, WRITABLE } from './field-builders.js';

export const PAGE_TYPES = ['T', 'L'] as const;
export const PAGE_STATUSES = ['A', 'D', 'H'] as const;

/**
 * Pages (the recording's `pages`): a tree like the categories (lib/operations/tree/) — `parent_id` 0
 * is the root, `id_path` and `level` (list rows only, 0 at the root) follow from the parent, the hidden
 * `path_ids` indexes every page's subtree. `page_type` is T (text) or L (link; the blog, form and poll
 * types belong to add-ons we do not have); it is set on create only (CS-Cart drops it from a PUT).
 * `timestamp` is the creation time (CS-Cart leaves it 0 on an API create).
 */
export const pagesEntity = defineEntity({
  name: 'pages',
  schema: {
    requiredOrder: ['page_type', 'page'],
    fields: {
      page_id: id(),
      company_id: int(0),
      parent_id: int(0),
      id_path: fixed('string', ''),
      status: choice(PAGE_STATUSES, 'A'),
      page_type: { kind: 'enum', values: PAGE_TYPES, writableOn: ['create'], requiredOn: ['create'] },
      position: int(0),
      timestamp: { kind: 'int', default: 0 },
      usergroup_ids: fixed('string', '0'),
      localization: fixed('string', ''),
      new_window: int(0),
      use_avail_period: { kind: 'flag', writableOn: WRITABLE, default: 'N' },
      avail_from_timestamp: int(0),
      avail_till_timestamp: int(0),
      facebook_obj_type: fixed('string', ''),
      lang_code: fixed('string', 'en'),
      page: { kind: 'string', maxLength: 255, writableOn: WRITABLE, requiredOn: ['create'] },
      description: text('', 65_535),
      meta_keywords: text('', 255),
      meta_description: text('', 255),
      page_title: text('', 255),
      link: text('', 255),
      discussion_type: discussionTypeField('none'),
      level: { kind: 'int', default: 0, shownIn: 'list', wire: 'number' },
      path_ids: { kind: 'intList', shownIn: 'none' },
    },
    filters: {
      parent_id: { kind: 'int' },
      status: { kind: 'enum', values: PAGE_STATUSES },
      page_type: { kind: 'enum', values: PAGE_TYPES },
      q: { kind: 'string', maxLength: 255 },
    },
  },
  http: {
    companyOwned: true,
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_pages'], write: ['manage_pages'] },
  },
  storage: {
    indexes: ['parent_id', 'status', 'page_type', 'path_ids'],
    projected: ['parent_id', 'status', 'page_type', 'page'],
    filterRules: {
      parent_id: { field: 'parent_id', op: 'eq' },
      status: { field: 'status', op: 'eq' },
      page_type: { field: 'page_type', op: 'eq' },
      q: { field: 'page', op: 'contains' },
    },
    sortRules: {
      position: { field: 'position', numeric: true },
      name: { field: 'page', numeric: false },
      timestamp: { field: 'timestamp', numeric: true },
      type: { field: 'page_type', numeric: false },
      status: { field: 'status', numeric: false },
    },
    references: [
      { field: 'company_id', storage: 'company', message: 'The company_id field names a store that does not exist' },
      { field: 'parent_id', storage: 'page', message: 'The parent_id field names a page that does not exist' },
    ],
    dependents: [{ storage: 'page', index: 'parent_id', message: 'The page has subpages; delete or move them first' }],
  },
  // The parent is read on create and on a move; a move rewrites the subtree (Query of it).
  deployment: { domain: 'content', functions: { create: { extra: ['GetItem'] }, update: { extra: ['Query'] } } },
});
