/** The cookies of a request (`Cookie: a=1; b=2`); the first of a repeated name wins. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in cookies)) cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}

export interface CookieOptions {
  /** The panel's own path (`/admin`, or `/<stage>/admin` on an execute-api URL). */
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  /** Everywhere but serverless offline on plain HTTP. */
  secure: boolean;
}

/** A `Set-Cookie` value: HttpOnly and SameSite=Strict always; values are base64url tokens, never user text. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new Error('cookie values are tokens');
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
