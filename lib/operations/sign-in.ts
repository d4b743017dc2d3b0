import { createLoginKeyOn } from './auth.js';
import { createAuthTokenOn } from './auth-tokens.js';
import { instanceTable } from './instance-table.js';

/**
 * The sign-in operations — POST /auth (a login key) and POST /auth_tokens, /sra_auth_tokens (a storefront token) — over
 * this instance's table (the composition root's context, lib/operations/instance-table.ts), as the functions use
 * them; a test builds them over a table of its own (createLoginKeyOn, createAuthTokenOn).
 */
export const createLoginKey = /* @__PURE__ */ createLoginKeyOn(instanceTable);
export const createAuthToken = /* @__PURE__ */ createAuthTokenOn(instanceTable);
