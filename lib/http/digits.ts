/**
 * The edge's one reading of a whole number from request text (a path id, a query parameter, a key of a body's map):
 * decimal digits only — no sign, point, exponent, spaces or hex, which `Number` would take ("1e3", " 7", "0x1F", "" as
 * 0) — and at most `maxDigits` of them (15 keeps it a safe integer). Anything else is undefined, which the caller
 * answers as its contract says (a 404 for a path id, a 400 naming the field).
 */
export function digitsOf(text: string | undefined, maxDigits = 15): number | undefined {
  if (text === undefined || text.length === 0 || text.length > maxDigits) return undefined;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}
