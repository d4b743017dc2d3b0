import type { UserRecord } from '../../lib/db/records.js';

/** A stored user as the pure user-list rules see it: a customer with an empty name unless `fields` say otherwise. */
export const userRecord = (id: number, fields: Partial<UserRecord> = {}): UserRecord => ({
  user_id: id,
  email: `u${id}@example.com`,
  email_lc: `u${id}@example.com`,
  user_type: 'C',
  status: 'A',
  firstname: '',
  lastname: '',
  company_id: 0,
  is_root: 'N',
  timestamp: 1_700_000_000,
  version: 1,
  ...fields,
});
