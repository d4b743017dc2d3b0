import { defineEntity } from './define.js';

const FIELD = {
  type: 'object',
  properties: {
    field_id: { type: 'string' },
    field_name: { type: 'string' },
    field_type: { type: 'string' },
    description: { type: 'string' },
    required: { type: 'boolean' },
    is_default: { type: 'boolean' },
  },
  required: ['field_name', 'field_type', 'required'],
};

/**
 * A vendor's application from the storefront (Multi-Vendor editions only; elsewhere a 404 as an unknown entity):
 * `GET /api/4.0/vendor_registration` answers the form, `POST` makes a vendor company in status N that an
 * administrator then activates. Guests with the Storefront-Api-Access-Key and customers alike.
 * lib/operations/vendor-registration.ts.
 */
export const vendorRegistrationEntity = defineEntity({
  name: 'vendor_registration',
  schema: { idField: 'company_id', fields: {} },
  http: {
    operations: ['list', 'create'],
    privileges: 'none',
    storefrontAccess: 'anyone',
    collection: {
      shape: 'object',
      schema: {
        type: 'object',
        properties: {
          fields: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              properties: { description: { type: 'string' }, fields: { type: 'array', items: FIELD } },
            },
            description: 'Section (C contact information, B address) → its fields.',
          },
        },
        required: ['fields'],
      },
    },
  },
  docs: {
    bodySchemas: {
      create: {
        type: 'object',
        properties: {
          company: { type: 'string', maxLength: 255 },
          email: { type: 'string', format: 'email' },
          phone: { type: 'string' },
          url: { type: 'string' },
          address: { type: 'string' },
          city: { type: 'string' },
          country: { type: 'string', maxLength: 2 },
          state: { type: 'string' },
          zipcode: { type: 'string' },
        },
        required: ['company', 'email'],
      },
    },
    answerSchemas: {
      create: { type: 'object', properties: { company_id: { type: 'integer' } }, required: ['company_id'] },
    },
  },
  // The form answers from the code; an application is the companies' create (counter, then the transaction).
  deployment: {
    domain: 'companies',
    functions: { list: { access: [] }, create: { access: ['UpdateItem', 'PutItem'] } },
  },
});
