import { API_PASSWORD_MIN_LENGTH, hashPassword, passwordProblem } from '../auth/passwords.js';
import { ValidationError } from '../errors.js';

/**
 * The `password` of a POST or PUT /users body, hashed (scrypt, lib/auth/passwords.ts) before anything is
 * written; undefined when the body has none. It is what the customer signs in to the storefront with
 * (POST /auth_tokens); it is never stored or shown as sent. A value that is no acceptable password is a 400
 * naming `password`, and nothing changes.
 */
export async function passwordHashOf(body: Record<string, unknown>): Promise<string | undefined> {
  if (!Object.hasOwn(body, 'password') || body.password === null || body.password === undefined || body.password === '')
    return undefined;
  const sent = body.password;
  const problem =
    typeof sent === 'string' ? passwordProblem(sent, API_PASSWORD_MIN_LENGTH) : 'a password must be a string';
  if (problem) {
    const message = `The password field is not acceptable: ${problem}`;
    throw new ValidationError(message, [{ field: 'password', message }]);
  }
  return hashPassword(sent as string);
}
