import type { StoredValue } from '../entities/types.js';
import { newSigningSecret } from './signature.js';

/**
 * Secret rotation (docs/api.md "Webhooks"): `PUT /webhooks/:id {"rotate_secret": "Y"}` makes a new signing
 * secret, shown in that answer only, and keeps the one it replaces signing beside it for ROTATION_OVERLAP_SECONDS:
 * meanwhile every attempt carries two signatures (`v1,<new> v1,<old>`, as Standard Webhooks allows), so a receiver
 * verifies with either secret and can switch at its own pace. A second rotation within the overlap drops the oldest.
 */
export const ROTATION_OVERLAP_SECONDS = 24 * 3600;

/** The fields a rotation stores, judged against the webhook as it is now. */
export function rotatedSecret(
  current: Record<string, StoredValue | undefined>,
  nowMs = Date.now(),
): { secret: string; previous_secret: string; previous_secret_expires_at: number } {
  return {
    secret: newSigningSecret(),
    previous_secret: String(current.secret ?? ''),
    previous_secret_expires_at: Math.floor(nowMs / 1000) + ROTATION_OVERLAP_SECONDS,
  };
}

/** The secrets an attempt signs with now: the current one, and the previous one while its overlap lasts. */
export function signingSecrets(webhook: Record<string, StoredValue | undefined>, nowMs = Date.now()): string[] {
  const previous = String(webhook.previous_secret ?? '');
  const until = Number(webhook.previous_secret_expires_at ?? 0);
  return previous !== '' && until * 1000 > nowMs ? [String(webhook.secret), previous] : [String(webhook.secret)];
}
