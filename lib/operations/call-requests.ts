import type { callRequestsEntity } from '../entities/call-requests.js';
import { ValidationError } from '../errors.js';
import { blankSent } from '../http/blank-sent.js';
import type { EntityHooks } from './crud.js';

/** A call request needs a way to call back: `phone` or `email`; the message names phone, as CS-Cart's does. */
export const callRequestHooks: EntityHooks<typeof callRequestsEntity> = {
  create: (values) => {
    if (blankSent(values.phone) && blankSent(values.email)) {
      throw ValidationError.forFields([{ field: 'phone', message: 'The phone field is required' }]);
    }
    return values;
  },
};
