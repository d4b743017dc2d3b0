export interface BasicCredentials {
  /** As sent; e-mails are compared case-insensitively by the caller. */
  email: string;
  key: string;
}

/**
 * Reads `Authorization: Basic base64(email:key)` (the scheme name is case-insensitive), and a storefront token in
 * each spelling CS-Cart accepts (SPEC §4): `base64(<token>:)`, `base64(<token>)` and `base64(<token>):` — the colon
 * outside the base64, as CS-Cart's mobile app and the public storefront SDKs send it (CS-Cart decodes leniently). A
 * token is the login with an empty key. Returns undefined for anything else that does not decode to a non-empty
 * login and a colon: such a request is a plain 401 that counts against no e-mail.
 */
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  const match = /^\s*basic\s+([A-Za-z0-9+/=_-]+):?\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon === -1) return looksLikeToken(decoded) ? { email: decoded, key: '' } : undefined;
  if (colon === 0) return undefined;
  const email = decoded.slice(0, colon).trim();
  if (email === '' || email.length > 254) return undefined;
  return { email, key: decoded.slice(colon + 1) };
}

/**
 * A login sent without its colon is a token only: letters and digits, as tokens are made. An e-mail without a colon
 * (no key at all) stays a malformed header, as before.
 */
const looksLikeToken = (login: string) => /^[A-Za-z0-9]{16,128}$/.test(login);
