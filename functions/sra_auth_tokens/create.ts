import { createAuthToken } from '../../lib/operations/auth-tokens.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_auth_tokens.create', createAuthToken);
