import { apiHandler } from '../../lib/http/api-handler.js';
import { createLoginKey } from '../../lib/operations/auth.js';

export const handler = apiHandler('auth.create', createLoginKey);
