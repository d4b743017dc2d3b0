import { sraProfileEntity } from '../../lib/entities/sra-profile.js';
import { readOwnProfile } from '../../lib/operations/storefront-account/profile.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraProfileEntity, 'sra_profile.list', readOwnProfile);
