import { vendorRegistrationEntity } from '../../lib/entities/vendor-registration.js';
import { readRegistrationForm } from '../../lib/operations/vendor-registration.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(vendorRegistrationEntity, 'vendor_registration.list', readRegistrationForm);
