import { authTokensEntity } from '../../lib/entities/auth-tokens.js';
import { createAuthToken } from '../../lib/operations/sign-in.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(authTokensEntity, 'auth_tokens.create', createAuthToken);
