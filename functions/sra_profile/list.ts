import { readOwnProfile } from '../../lib/operations/storefront-account/profile.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('sra_profile.list', readOwnProfile);
