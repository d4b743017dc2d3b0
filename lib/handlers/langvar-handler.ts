import { languagesEntity } from '../entities/languages.js';
import { langvarsEntity } from '../entities/langvars.js';
import type { ResourceDefinition } from '../entities/types.js';
import { langvarOperation, prefetchLanguage } from '../operations/langvars.js';
import { apiHandler, type LambdaHandler } from '../stack/api-handler.js';

/**
 * One langvar operation at `/langvars` or (nested) `/languages/:id/langvars`; the nested form has its language read
 * beside authentication (prefetchLanguage).
 */
export function langvarHandler(
  resource: ResourceDefinition,
  op: Parameters<typeof langvarOperation>[1],
  nested = false,
): LambdaHandler {
  if (nested)
    return apiHandler(
      languagesEntity,
      `languages.langvars.${op}`,
      langvarOperation(resource, op, nested),
      prefetchLanguage,
    );
  return apiHandler(langvarsEntity, `langvars.${op}`, langvarOperation(resource, op, nested));
}
