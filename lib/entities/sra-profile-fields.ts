import { storefrontReadEntity } from './storefront-read-entity.js';

const FIELD = {
  type: 'object',
  properties: {
    field_id: { type: 'string', description: 'The key a POST/PUT /sra_profile body uses.' },
    field_name: { type: 'string' },
    field_type: {
      type: 'string',
      description: "CS-Cart's profile field type: I input, E e-mail, P phone, W password, Z zip code.",
    },
    section: { type: 'string', enum: ['E', 'C', 'B', 'S'] },
    description: { type: 'string' },
    required: { type: 'boolean' },
    is_default: { type: 'boolean' },
    position: { type: 'string' },
  },
  required: ['field_id', 'field_name', 'field_type', 'section', 'description', 'required', 'is_default'],
};

/**
 * The storefront's profile form (CS-Cart's `SraProfileFields`): `GET /api/4.0/sra_profile_fields?location=profile|
 * checkout&action=add|update` → sections keyed by code (`E` essentials, `C` contact information, at checkout `B`
 * billing and `S` shipping address), each `{"description", "fields": [...]}`. Guests may read it: registration needs
 * it. lib/operations/storefront-account/profile-fields.ts.
 */
export const sraProfileFieldsEntity = storefrontReadEntity({
  name: 'sra_profile_fields',
  filters: {
    location: {
      kind: 'enum',
      values: ['profile', 'checkout'],
      note: 'Which form: the profile (default) or checkout.',
    },
    action: { kind: 'enum', values: ['add', 'update'], note: 'Registering (add) or changing (update, default).' },
  },
  operations: ['list'],
  answer: {
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: { description: { type: 'string' }, fields: { type: 'array', items: FIELD } },
      required: ['description', 'fields'],
    },
    description: "Section code → the section, in CS-Cart's order.",
  },
  access: [], // answers from the code: no DynamoDB
});
