import type { callRequestsEntity } from '../entities/call-requests.js';
import { ValidationError } from '../errors.js';
import type { EntityHooks } from './crud.js';

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** A call request needs a way to call back: `phone` or `email`; the message names phone, as CS-Cart's does. */
export const callRequestHooks: EntityHooks<typeof callRequestsEntity> = {
  create: (values) => {
    if (blank(values.phone) && blank(values.email)) {
      throw ValidationError.forFields([{ field: 'phone', message: 'The phone field is required' }]);
    }
    return values;
  },
};
