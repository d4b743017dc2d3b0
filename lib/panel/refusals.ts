import { errorMap } from '../http/error-response.js';

/** The refusals the panel shows as a page of its own; anything else is its handler's "Something went wrong". */
const SHOWN_AS_PAGE = new Set([400, 403, 404]);

/** The HTTP status of a refusal the panel shows as a page, from the error map the API answers with; else undefined. */
export function statusOf(error: unknown): number | undefined {
  const status = errorMap.resolve(error)?.status;
  return status !== undefined && SHOWN_AS_PAGE.has(status) ? status : undefined;
}
