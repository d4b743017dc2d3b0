/**
 * Whether a body's value counts as not sent, as CS-Cart's `empty()` checks a required field: absent, null, or text
 * that is only spaces. The edge's one reading of "blank"; what a blank required field answers is the caller's.
 */
export const blankSent = (value: unknown): boolean =>
  value === undefined || value === null || String(value).trim() === '';
