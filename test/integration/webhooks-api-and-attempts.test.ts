/**
 * Webhooks on DynamoDB Local: the API of subscriptions (required fields, validation in the contract format, the
 * secret shown once, 404s), its privileges, the deployed URL policy (https only, no private targets), and what makes
 * one delivery attempt fail or succeed (a time-out, a redirect, a refused connection; any 2xx).
 * test/e2e/webhooks-feed.test.ts does the same with changes through the API alone, once the stream consumer feeds
 * the sink.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { handler as webhooksCreate } from '../../functions/webhooks/create.js';
import { sendMessage } from '../../lib/webhooks/send.js';
import { createAdmin, expectError, expectForbidden, expectStatus } from '../support/fixtures.js';
import { api } from '../support/http.js';
import { downUrl } from '../support/webhook-receiver.js';
import { event, invoke } from './hostile-support.js';
import { single, subscribe, subscriptions, useWebhookReceivers } from './webhooks-fixtures.js';

useWebhookReceivers();

describe('webhooks', () => {
  it('the API: required fields, validation in the contract format, the secret shown once, 404s', async () => {
    expectError(
      await api('POST', '/api/webhooks', { body: { events: ['products.*'] } }),
      400,
      'Bad Request: The url field is required',
    );
    expectError(
      await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x' } }),
      400,
      'Bad Request: The events field is required',
    );
    expectError(await api('POST', '/api/webhooks', { body: { url: 'ftp://x.example/', events: ['*'] } }), 400);
    expectError(
      await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x', events: ['nothing.created'] } }),
      400,
    );
    expectError(
      await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x', events: ['products.moved'] } }),
      400,
    );
    expectError(await api('POST', '/api/webhooks', { body: { url: 'http://127.0.0.1:1/x', events: [] } }), 400);
    expectError(
      await api('POST', '/api/webhooks', {
        body: { url: 'http://127.0.0.1:1/x', events: ['*'], company_id: 999999999 },
      }),
      400,
    );
    const { id } = await subscribe('http://127.0.0.1:1/x', ['*'], { description: 'ERP' });
    const shown = await single(`/api/webhooks/${id}`);
    expect(shown).toMatchObject({
      webhook_id: id,
      url: 'http://127.0.0.1:1/x',
      events: ['*'],
      status: 'A',
      company_id: 0,
      description: 'ERP',
      disabled_reason: '',
    });
    expect(shown).not.toHaveProperty('secret');
    const list = await api('GET', '/api/webhooks?items_per_page=250');
    expectStatus(list, 200);
    expect(list.json.webhooks.some((w: { webhook_id: number }) => w.webhook_id === id)).toBe(true);
    expectError(await api('PUT', `/api/webhooks/${id}`, { body: { events: 'products.*' } }), 400);
    expectStatus(await api('DELETE', `/api/webhooks/${id}`), 204);
    expectError(await api('GET', `/api/webhooks/${id}`), 404);
    expectError(await api('GET', `/api/webhooks/${id}/deliveries`), 404);
  });

  it('root-only by default; view_webhooks reads, manage_webhooks writes', async () => {
    const nobody = await createAdmin();
    expectForbidden(await api('GET', '/api/webhooks', { auth: nobody.auth }));
    const viewer = await createAdmin(['view_webhooks']);
    expectStatus(await api('GET', '/api/webhooks', { auth: viewer.auth }), 200);
    expectForbidden(
      await api('POST', '/api/webhooks', { auth: viewer.auth, body: { url: 'http://127.0.0.1:1/x', events: ['*'] } }),
    );
    const manager = await createAdmin(['view_webhooks', 'manage_webhooks']);
    const made = await api('POST', '/api/webhooks', {
      auth: manager.auth,
      body: { url: 'http://127.0.0.1:1/x', events: ['*'] },
    });
    expectStatus(made, 201);
    subscriptions.push(made.json.webhook_id);
  });

  it('deployed (no WEBHOOKS_ALLOW_PRIVATE_URLS): https only, and no private, loopback or link-local targets', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'false';
    try {
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://169.254.169.254/latest',
        'https://[::1]/x',
        'https://[::ffff:10.0.0.1]/x',
        'https://localhost/x',
      ]) {
        const answer = await invoke(webhooksCreate, event('POST', '/api/webhooks', { body: { url, events: ['*'] } }));
        expect(answer.status, url).toBe(400);
        expect(answer.json.message).toMatch(/^Bad Request: The url field must/);
      }
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
    }
  });

  it('an attempt fails on a time-out, a redirect (not followed) or a refused connection, and succeeds on any 2xx', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/slow') return; // never answers
      if (req.url === '/moved') return void res.writeHead(302, { Location: 'http://169.254.169.254/' }).end();
      res.writeHead(202).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const message = { id: 'evt_send', body: '{}', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };
    const policy = { allowPrivate: true };
    try {
      const slow = await sendMessage(`${base}/slow`, message, policy, 300);
      expect(slow).toMatchObject({ ok: false, code: 0, error: 'No answer within 300 ms' });
      expect(slow.duration_ms).toBeGreaterThanOrEqual(250);
      expect(await sendMessage(`${base}/moved`, message, policy)).toMatchObject({
        ok: false,
        code: 302,
        error: 'HTTP 302',
      });
      expect(await sendMessage(`${base}/ok`, message, policy)).toMatchObject({ ok: true, code: 202 });
      expect((await sendMessage(await downUrl(), message, policy)).error).toMatch(/ECONNREFUSED/);
      // Deployed, the same loopback receiver is refused before any connection.
      expect(await sendMessage(`${base}/ok`, message, { allowPrivate: false })).toMatchObject({
        ok: false,
        code: 0,
        error: 'The url field must use https',
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
