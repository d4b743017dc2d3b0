import { defineEntity } from './define.js';
import type { DynamoAction } from './deployment-types.js';
import type { FieldSpec } from './types.js';

/** What differs between the storefront's read-only informational entities (the storefront's settings, its lists). */
export interface StorefrontReadSpec {
  name: string;
  /** The id of `GET /<name>/:id`, for those with a single object. */
  idField?: string;
  /** Query filters (checked as fields are). */
  filters?: Record<string, FieldSpec>;
  /** `list`, and `get` where a single object is read. */
  operations: readonly ('list' | 'get')[];
  /** The answer of `GET /<name>`: one object, as the add-on answers it (its list, or its sections). */
  answer: Record<string, unknown>;
  /** The DynamoDB actions each of its functions takes (none: answered from the code). */
  access: readonly DynamoAction[];
}

/**
 * A storefront entity that only answers reads (CS-Cart's `storefront_rest_api` add-on: SraCurrencies, SraLanguages,
 * SraStorefront, SraOrderStatuses, SraProfileFields): open to anyone the storefront admits (a guest with the
 * Storefront-Api-Access-Key, a customer, an API user), no privileges, one object per answer, deployed in the shoppers
 * stack. The declarations say only what differs.
 */
export function storefrontReadEntity(spec: StorefrontReadSpec) {
  const { name, idField, filters, operations, answer, access } = spec;
  return defineEntity({
    name,
    schema: { ...(idField ? { idField } : {}), fields: {}, ...(filters ? { filters } : {}) },
    http: {
      operations,
      privileges: 'none',
      storefrontAccess: 'anyone',
      collection: { shape: 'object', schema: answer },
    },
    deployment: {
      domain: 'shoppers',
      functions: Object.fromEntries(operations.map((operation) => [operation, { access }])),
    },
  });
}
