/**
 * The edge's reading of a number a client sent inside a body's nested value, which no field spec reads: a JSON number
 * as it is, or decimal digits (spaces around allowed, at most 15 digits, so a safe integer). Anything else is NaN,
 * which the body's parser answers with the 400 its operation has always given. Path and query text use digitsOf.
 */
export function sentWholeNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : NaN;
}
