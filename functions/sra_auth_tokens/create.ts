import { sraAuthTokensEntity } from '../../lib/entities/auth-tokens.js';
import { createAuthToken } from '../../lib/operations/sign-in.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraAuthTokensEntity, 'sra_auth_tokens.create', createAuthToken);
