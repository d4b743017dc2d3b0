import { apiHandler } from '../../lib/stack/api-handler.js';
import { createLoginKey } from '../../lib/operations/auth.js';

export const handler = apiHandler('auth.create', createLoginKey);
