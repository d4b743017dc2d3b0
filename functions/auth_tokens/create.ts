import { apiHandler } from '../../lib/http/api-handler.js';
import { createAuthToken } from '../../lib/operations/auth-tokens.js';

export const handler = apiHandler('auth_tokens.create', createAuthToken);
