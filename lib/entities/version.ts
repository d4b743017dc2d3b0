import { defineEntity } from './define.js';

/** `GET /api/version`: any authenticated caller, no privilege (SPEC §1). */
export const versionEntity = defineEntity({
  name: 'version',
  schema: {
    fields: { Version: { kind: 'enum', values: ['1.0', '2.0'] } },
  },
  http: {
    operations: ['list'],
    privileges: 'none',
    vendorAccess: true,
    storefrontAccess: 'anyone',
    collection: { shape: 'object' },
  },
  // Answers from the code: no DynamoDB. The function is named for its one GET.
  deployment: {
    domain: 'core',
    functions: { list: { name: 'version-get', handler: 'functions/version/get', access: [] } },
  },
});
