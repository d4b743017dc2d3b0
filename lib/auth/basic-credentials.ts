export interface BasicCredentials {
  /** As sent; e-mails are compared case-insensitively by the caller. */
  email: string;
  key: string;
}

/**
 * Reads `Authorization: Basic base64(email:key)` (the scheme name is
 * case-insensitive). Returns undefined for anything that does not decode to a
 * non-empty e-mail and a colon: such a request is a plain 401 that counts
 * against no e-mail (SPEC §4).
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  const match = /^\s*basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const email = decoded.slice(0, colon).trim();
  if (email === '' || email.length > 254) return undefined;
  return { email, key: decoded.slice(colon + 1) };
}
