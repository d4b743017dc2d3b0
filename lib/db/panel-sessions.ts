import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';
import { db } from './client.js';
import { readItem } from './items.js';
import { TTL_ATTRIBUTE } from './schema.js';

/**
 * Administration panel sessions (docs/data-model.md): one item per session, `PANELSESSION#<SHA-256 of the
 * token>` / `SESSION`. The cookie holds the token; the table holds only its hash, so reading the table
 * yields no usable session. DynamoDB's TTL on `expires_at` removes expired items; until it does, the
 * expiry is checked on every read.
 */
export const SESSION_SECONDS = 8 * 60 * 60;

export interface PanelSession {
  user_id: number;
  /** The login item's key at sign-in: the session ends when the e-mail changes. */
  email_lc: string;
  /** Sent with every form and compared on every POST. */
  csrf_token: string;
  /** A digest of the password hash at sign-in: setting a new password ends every older session. */
  password_tag: string;
  created_at: number;
  /** The table's TTL attribute (TTL_ATTRIBUTE). */
  expires_at: number;
}

const sessionKey = (token: string) => ({
  pk: `PANELSESSION#${createHash('sha256').update(token).digest('hex')}`,
  sk: 'SESSION',
});

/** Digest of a password hash, kept in the session to notice a password change. */
export function passwordTag(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 22);
}

/** 256 bits from the CSPRNG, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a session; returns the token for the cookie and the session. */
export async function createSession(
  userId: number,
  emailLower: string,
  passwordHash: string,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; session: PanelSession }> {
  const token = randomToken();
  const session: PanelSession = {
    user_id: userId,
    email_lc: emailLower,
    csrf_token: randomToken(),
    password_tag: passwordTag(passwordHash),
    created_at: now,
    expires_at: now + SESSION_SECONDS,
  };
  await db().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...sessionKey(token), ...session },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, session };
}

/** The live session of a token, or undefined (unknown, malformed or expired). */
export async function getSession(
  token: string,
  now = Math.floor(Date.now() / 1000),
): Promise<PanelSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const Item = await readItem(sessionKey(token));
  if (!Item || Number(Item[TTL_ATTRIBUTE]) <= now) return undefined;
  return {
    user_id: Number(Item.user_id),
    email_lc: String(Item.email_lc),
    csrf_token: String(Item.csrf_token),
    password_tag: String(Item.password_tag),
    created_at: Number(Item.created_at),
    expires_at: Number(Item[TTL_ATTRIBUTE]),
  };
}

export async function deleteSession(token: string): Promise<void> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return;
  await db().send(new DeleteCommand({ TableName: config().tableName, Key: sessionKey(token) }));
}
