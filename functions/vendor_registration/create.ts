import { vendorRegistrationEntity } from '../../lib/entities/vendor-registration.js';
import { submitRegistration } from '../../lib/operations/vendor-registration.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(vendorRegistrationEntity, 'vendor_registration.create', submitRegistration);
