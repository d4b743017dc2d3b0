import { authEntity } from '../../lib/entities/auth.js';
import { createLoginKey } from '../../lib/operations/sign-in.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(authEntity, 'auth.create', createLoginKey);
