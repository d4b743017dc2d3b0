import { defineEntity } from './define.js';
import { choice, fixed, id, int, text } from './field-builders.js';
import type { FieldSpec } from './types.js';

/** P product, C category, A page, O order, E the store's testimonials (object_id 0), M a vendor (company). */
export const DISCUSSION_OBJECT_TYPES = ['P', 'C', 'A', 'O', 'E', 'M'] as const;
export type DiscussionObjectType = (typeof DISCUSSION_OBJECT_TYPES)[number];
/** An object's `discussion_type`: D off, C comments, R rating, B both (CS-Cart's discussion add-on). */
export const DISCUSSION_TYPES = ['D', 'C', 'R', 'B'] as const;

/**
 * The `discussion_type` a product, category, page or vendor carries, writable through the administration API;
 * null until set, as CS-Cart shows it where the discussion add-on has not configured the object (the storefront
 * then treats reviews as on: lib/operations/sra-discussion/). A product's single object shows it (the recording
 * has it there); the other objects' administration answers keep their recorded keys (`none`), and the storefront's
 * views (sra_pages, sra_vendors) show the type in effect.
 */
export const discussionTypeField = (shownIn: 'single' | 'none' = 'single'): FieldSpec => ({
  kind: 'enum',
  values: DISCUSSION_TYPES,
  writableOn: ['create', 'update'],
  default: null,
  wire: 'raw',
  shownIn,
});
export const POST_STATUSES = ['A', 'D', 'N'] as const;

// Keeps the spec's literal type (its kind, an enum's values), so the record types read the field as declared.
const createOnly = <const S extends FieldSpec>(
  spec: S,
): Omit<S, 'writableOn'> & { writableOn: readonly ['create'] } => ({
  ...spec,
  writableOn: ['create'] as const,
});

/**
 * Discussion posts (the recording's `discussions`, add-on discussion; the id is `post_id`). A post
 * belongs to the thread of an object: POST names the thread (`thread_id`) or the object (`object_type`,
 * `object_id`, then `name` are required), then `message` or `rating_value`; the object must exist
 * (lib/operations/discussions/). `/products/:id/discussions` lists and creates the posts of one product.
 */
export const discussionsEntity = defineEntity({
  name: 'discussions',
  schema: {
    idField: 'post_id',
    fields: {
      post_id: id(),
      thread_id: createOnly(int(0)),
      name: text('', 128),
      timestamp: fixed('int', 0),
      user_id: fixed('int', 0),
      ip_address: fixed('string', ''),
      status: choice(POST_STATUSES, 'A'),
      message: text('', 65_535),
      rating_value: int(0),
      object_id: createOnly(int(0)),
      object_type: createOnly({ kind: 'enum', values: DISCUSSION_OBJECT_TYPES }),
      type: fixed('string', 'B'),
      company_id: fixed('int', 0),
    },
    filters: {
      object_type: { kind: 'enum', values: DISCUSSION_OBJECT_TYPES },
      object_id: { kind: 'int' },
      thread_id: { kind: 'int' },
      status: { kind: 'enum', values: POST_STATUSES },
      name: { kind: 'string', maxLength: 128 },
    },
  },
  http: {
    operations: ['list', 'get', 'create', 'update', 'delete'],
    privileges: { read: ['view_discussions'], write: ['manage_discussions'] },
  },
  storage: {
    name: 'discussion_post',
    indexes: ['thread_id', 'status'],
    projected: ['object_type', 'object_id', 'status', 'timestamp', 'name'],
    filterRules: {
      object_type: { field: 'object_type', op: 'eq' },
      object_id: { field: 'object_id', op: 'eq' },
      thread_id: { field: 'thread_id', op: 'eq' },
      status: { field: 'status', op: 'eq' },
      name: { field: 'name', op: 'contains' },
    },
    sortRules: {
      timestamp: { field: 'timestamp', numeric: true },
      status: { field: 'status', numeric: false },
      name: { field: 'name', numeric: false },
    },
  },
  // A post's create reads the thread or the object (GetItem), may start a thread and ConditionChecks the object.
  deployment: { domain: 'content', functions: { create: { extra: ['GetItem', 'ConditionCheckItem'] } } },
});

const readOnly = ({ writableOn: _writable, ...spec }: FieldSpec): FieldSpec => spec;

/**
 * `/products/:id/discussions[/:post_id]`: the product's posts; POST adds one to it (object_type P,
 * object_id the path's id, whatever the body says); a post of another object is a 404 there.
 */
export const productDiscussions = defineEntity({
  ...discussionsEntity,
  schema: {
    ...discussionsEntity.schema,
    fields: {
      ...discussionsEntity.schema.fields,
      thread_id: readOnly(discussionsEntity.schema.fields.thread_id!),
      object_id: readOnly(discussionsEntity.schema.fields.object_id!),
      object_type: readOnly(discussionsEntity.schema.fields.object_type!),
    },
    filters: { status: discussionsEntity.schema.filters!.status!, name: discussionsEntity.schema.filters!.name! },
  },
  http: {
    ...discussionsEntity.http,
    operations: ['list', 'create', 'get', 'update', 'delete'],
    collection: { shape: 'wrapped', key: 'discussions', rowsOf: discussionsEntity },
  },
  docs: {
    ...discussionsEntity.docs,
    sortKeys: ['id', ...Object.keys(discussionsEntity.storage.sortRules ?? {})],
  },
});
