import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The Standard Webhooks signature (standardwebhooks.com): `v1,<base64 HMAC-SHA256>` of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64 bytes after the secret's `whsec_` prefix.
 * node:crypto does it in a few lines, so no signing library is bundled into the Lambdas; the tests verify
 * with the `standardwebhooks` package, an independent implementation.
 */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes, base64, with the `whsec_` prefix receivers' libraries expect. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` header value for one message. `timestamp` is in seconds since the epoch. */
export function signMessage(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The header value signed with each secret (a rotation's overlap: the new one and the old), space-separated. */
export function signWithEach(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signMessage(secret, id, timestamp, body)).join(' ');
}

/** Whether one of the space-separated `v1,` signatures of a header matches (what a receiver does; used in docs and tests). */
export function verifySignature(secret: string, id: string, timestamp: number, body: string, header: string): boolean {
  const expected = Buffer.from(signMessage(secret, id, timestamp, body));
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
