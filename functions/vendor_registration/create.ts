import { submitRegistration } from '../../lib/operations/vendor-registration.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler('vendor_registration.create', submitRegistration);
