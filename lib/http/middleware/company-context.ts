import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { getRecord } from '../../db/entity-store.js';
import { storesEntity } from '../../entities/companies.js';
import { NotFoundError } from '../../errors.js';
import type { ApiContext, ApiEvent } from '../api-request.js';
import { parseId } from '../route.js';

/**
 * The first object in the path of a store or vendor context (`/stores/:id/…`, `/vendors/:id/…`, SPEC
 * §10), judged after the body and before the operation's own objects: the company must exist, and a
 * vendor may only use its own company's context — another company's is a 404 to it, as that company's
 * objects are (it learns nothing about which companies exist).
 */
export function companyContext(): MiddlewareObj<ApiEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    before: async ({ context }) => {
      const { route, caller } = context.api;
      if (!route?.company || !caller) return;
      const companyId = parseId(route.company.id);
      if (caller.userType === 'V' && companyId !== caller.companyId) throw new NotFoundError();
      // Stores and vendors are one company id space (lib/entities/companies.ts): one record for both views.
      if (!(await getRecord(storesEntity, companyId))) throw new NotFoundError();
    },
  };
}
