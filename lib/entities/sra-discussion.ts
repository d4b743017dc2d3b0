import { defineEntity } from './define.js';
import { DISCUSSION_OBJECT_TYPES } from './discussions.js';

const POST = {
  type: 'object',
  properties: {
    post_id: { type: 'string' },
    thread_id: { type: 'string' },
    name: { type: 'string' },
    timestamp: { type: 'string' },
    user_id: { type: 'string' },
    message: { type: 'string' },
    rating_value: { type: 'string' },
  },
  required: ['post_id', 'name', 'message', 'rating_value'],
};

/**
 * Reviews as shoppers read and write them (the add-on's `SraDiscussion`): `GET /api/4.0/sra_discussion?object_type=
 * &object_id=` answers the approved posts and average rating of a product (P), category (C), page (A), vendor (M),
 * the store (E, object_id 0) or the customer's own order (O) that the shopper may see (404 otherwise; 403 where its
 * `discussion_type` is D); `POST` adds a post held for approval. Guests (with the Storefront-Api-Access-Key) and
 * customers alike. lib/operations/sra-discussion/.
 */
export const sraDiscussionEntity = defineEntity({
  name: 'sra_discussion',
  schema: {
    idField: 'post_id',
    fields: {},
    filters: {
      object_type: { kind: 'enum', values: DISCUSSION_OBJECT_TYPES, requiredInQuery: true },
      object_id: { kind: 'int', requiredInQuery: true },
    },
  },
  http: {
    operations: ['list', 'create'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: {
          thread_id: { type: 'integer', description: '0 before the first post.' },
          object_id: { type: 'integer' },
          object_type: { type: 'string', enum: [...DISCUSSION_OBJECT_TYPES] },
          type: { type: 'string', enum: ['C', 'R', 'B'], description: 'The discussion type: comments, rating, both.' },
          company_id: { type: 'integer' },
          average_rating: { type: 'number', description: 'Of the approved, rated posts; 0 when none is rated.' },
          posts: { type: 'array', items: POST },
          search: {
            type: 'object',
            properties: {
              page: { type: 'integer' },
              items_per_page: { type: 'integer' },
              total_items: { type: 'integer' },
            },
          },
          disable_adding: { type: 'boolean' },
        },
        required: ['thread_id', 'object_id', 'object_type', 'type', 'average_rating', 'posts', 'search'],
      },
    },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        properties: {
          thread_id: { type: 'integer', description: 'The thread; or object_type and object_id.' },
          object_type: { type: 'string', enum: [...DISCUSSION_OBJECT_TYPES] },
          object_id: { type: 'integer' },
          name: { type: 'string', maxLength: 128 },
          message: { type: 'string', description: 'Required where the discussion type is C or B.' },
          rating_value: { type: 'integer', minimum: 1, maximum: 5, description: 'Required where it is R or B.' },
        },
        required: ['name'],
      },
    },
    answerSchemas: {
      create: {
        type: 'object',
        properties: {
          thread_id: { type: 'integer' },
          post_id: { type: 'integer' },
          is_approval_required: { type: 'boolean', const: true },
        },
        required: ['thread_id', 'post_id', 'is_approval_required'],
      },
    },
  },
  // The object (GetItem) and its store, the thread items (GetItem) and its approved posts (Query, BatchGetItem); a
  // post is the administration's create: the counter, the thread items and the post's transaction.
  deployment: {
    domain: 'content',
    functions: {
      list: { access: ['GetItem', 'Query', 'BatchGetItem'] },
      create: { access: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem', 'Query', 'BatchGetItem'] },
    },
  },
});
