/**
 * lib/db/client.ts: the document client every store uses sends its calls without the SDK's logger middleware (each
 * call's input and output copied through the operation's schema for a logger that does nothing), and keeps the rest
 * of the SDK's stack.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lib/db/client.js';

const names = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

describe('the document client', () => {
  it("has no logger middleware, where the SDK's own client has one; retries and signing stay", () => {
    const plain = names(new DynamoDBClient({ region: 'us-east-1' }));
    expect(plain).toContain('loggerMiddleware');
    const ours = names(createDocumentClient());
    expect(ours).not.toContain('loggerMiddleware');
    for (const kept of ['retryMiddleware', 'httpSigningMiddleware']) {
      expect(plain).toContain(kept);
      expect(ours).toContain(kept);
    }
  });
});
