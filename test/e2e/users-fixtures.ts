/**
 * What the user test files (test/e2e/users-*.test.ts) share: the recording's user row (cscart 4.20.1) and its
 * JSON types, checked field by field, and the ids of a list answer.
 */
import { expect } from 'vitest';

/** The recording's user row, in its order (cscart 4.20.1 GET /users, GET /users/:id). */
export const USER_FIELDS = [
  'user_id',
  'user_login',
  'is_root',
  'timestamp',
  'user_type',
  'status',
  'firstname',
  'lastname',
  'email',
  'company',
  'company_id',
  'phone',
  'last_login',
  'company_name',
  'points',
  'anonymized',
];
/** Fields the recording shows as a JSON string holding an integer. */
export const INTEGER_STRINGS = ['user_id', 'timestamp', 'company_id', 'last_login', 'points'];

/** Every field of the recording, nothing else, each with the recording's JSON type. */
export function expectUserShape(user: Record<string, unknown>): void {
  expect(Object.keys(user)).toEqual(USER_FIELDS);
  for (const field of USER_FIELDS) {
    if (field === 'anonymized') expect(user[field], field).toBeNull();
    else expect(typeof user[field], `${field} is ${JSON.stringify(user[field])}`).toBe('string');
  }
  for (const field of INTEGER_STRINGS) expect(user[field], field).toMatch(/^(0|[1-9]\d*)$/);
  expect(user.user_login).toBe(`user_${user.user_id}`);
  expect(['Y', 'N']).toContain(user.is_root);
}

export const idsOf = (users: Array<{ user_id: string }>) => users.map((user) => Number(user.user_id));
