import { apiHandler } from '../../lib/stack/api-handler.js';
import { createAuthToken } from '../../lib/operations/auth-tokens.js';

export const handler = apiHandler('auth_tokens.create', createAuthToken);
