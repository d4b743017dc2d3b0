import { sraProfileFieldsEntity } from '../../lib/entities/sra-profile-fields.js';
import { readProfileFields } from '../../lib/operations/storefront-account/profile-fields.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraProfileFieldsEntity, 'sra_profile_fields.list', readProfileFields);
