import { OPERATION_METHODS } from '../entities/methods.js';
import type { Operation, ResourceDefinition } from '../entities/types.js';

/**
 * The storefront's part of the OpenAPI document (docs/api.md "Storefront"): its security schemes, an open
 * operation's `security: []` (POST /auth_tokens needs no credentials), the storefront resources' credentials, and
 * a distinct operationId for an object operation a resource also serves on its collection path (PUT and DELETE
 * /sra_cart_content).
 */
export const STOREFRONT_SECURITY_SCHEMES = {
  storefrontToken: {
    type: 'http',
    scheme: 'basic',
    description:
      'A customer token of POST /auth_tokens as the user name, an empty password: `Authorization: Basic base64(<token>:)`.',
  },
  storefrontKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Storefront-Api-Access-Key',
    description: 'The store-wide key (`npm run admin -- storefront-key`): a guest of the storefront, with no customer.',
  },
} as const;

/** The operation object as the storefront needs it (unchanged for everything else). */
export function storefrontOperation(
  resource: ResourceDefinition,
  operation: Operation,
  onObject: boolean,
  object: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...object };
  if (!onObject && OPERATION_METHODS[operation].onObject) out.operationId = `${String(object.operationId)}_all`;
  if (resource.http.openOperations?.includes(operation)) out.security = [];
  else if (resource.http.storefrontAccess === 'customer') out.security = [{ storefrontToken: [] }, { basicAuth: [] }];
  else if (resource.http.storefrontAccess === 'anyone')
    out.security = [{ basicAuth: [] }, { storefrontToken: [] }, { storefrontKey: [] }];
  return out;
}
