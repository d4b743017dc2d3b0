/**
 * The webhooks' pure parts: the Standard Webhooks signature checked with the `standardwebhooks` package (an
 * independent implementation), the SSRF address policy, the retry schedule and subscription matching.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../lib/events/change-event.js';
import { subscriptionMatches } from '../../lib/webhooks/matching.js';
import { MAX_ATTEMPTS, nextAttemptAt, RETRY_DELAYS_SECONDS } from '../../lib/webhooks/retry-schedule.js';
import { sendMessage } from '../../lib/webhooks/send.js';
import { newSigningSecret, signMessage, verifySignature } from '../../lib/webhooks/signature.js';
import { guardedLookup, isPrivateAddress, urlProblem } from '../../lib/webhooks/url-policy.js';

const event = (over: Partial<ChangeEvent> = {}): ChangeEvent => ({
  id: 'evt_1',
  type: 'products.updated',
  entity: 'products',
  action: 'updated',
  object_id: '12',
  company_id: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  data: { object: { product_id: '12' }, changed_fields: ['price'] },
  ...over,
});

describe('Standard Webhooks signature', () => {
  it('is verified by the standardwebhooks library, and a changed body or id is not', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify(event());
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signMessage(secret, 'evt_1', timestamp, body),
    };
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('12', '13'), headers)).toThrow();
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
  });

  it('matches the specification example', () => {
    // standard-webhooks/spec's example: this secret, id, timestamp and body give this signature.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    const signature = signMessage(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body);
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    expect(verifySignature(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body, `v1,bogus ${signature}`)).toBe(
      true,
    );
    expect(verifySignature(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265331, body, signature)).toBe(false);
  });
});

describe('SSRF policy', () => {
  it('refuses loopback, private, link-local, unique-local, metadata and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'fc12::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '[::1]',
      'not-an-ip',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('deployed: https only, no literal private hosts, no credentials; locally allowed', () => {
    const deployed = { allowPrivate: false };
    expect(urlProblem('http://example.com/hook', deployed)).toBe('The url field must use https');
    expect(urlProblem('https://127.0.0.1/hook', deployed)).toMatch(/private/);
    expect(urlProblem('https://[::ffff:169.254.169.254]/', deployed)).toMatch(/private/);
    expect(urlProblem('https://localhost:8080/', deployed)).toMatch(/private/);
    expect(urlProblem('https://user:pw@example.com/', deployed)).toMatch(/credentials/);
    expect(urlProblem('ftp://example.com/', deployed)).toMatch(/http/);
    expect(urlProblem('not a url', deployed)).toMatch(/absolute/);
    expect(urlProblem('https://example.com/hook?x=1', deployed)).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:9000/hook', { allowPrivate: true })).toBeUndefined();
  });
});

describe('the connection-time guard (DNS rebinding)', () => {
  it('refuses a name that resolves to a private address when connecting, unless allowed', async () => {
    const lookup = (allowPrivate: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        guardedLookup({ allowPrivate })('localhost', {}, (error, address) => resolve({ error, address })),
      );
    const refused = await lookup(false);
    expect(refused.error?.code).toBe('EWEBHOOKBLOCKED');
    const allowed = await lookup(true);
    expect(allowed.error).toBeNull();
    expect(isPrivateAddress(String(allowed.address))).toBe(true);
  });
});

/** Every IPv6 spelling of a private IPv4 address (and the transition ranges that forward to IPv4). */
const IPV6_SPELLINGS_OF_PRIVATE_IPV4 = [
  '::127.0.0.1',
  '::7f00:1',
  '0:0:0:0:0:0:7f00:1',
  '::10.0.0.1',
  '::ffff:0:7f00:1',
  '0:0:0:0:0:ffff:7f00:1',
  '::FFFF:192.168.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::10.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::a00:1',
  '64:ff9b:1:ffff::c0a8:1',
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  '2002:c0a8:101::',
  '2001::53aa:64c:0:0',
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
];

describe('SSRF: IPv6 spellings of private IPv4', () => {
  it('refuses each at save (the literal URL, as URL parsing rewrites it)', () => {
    for (const address of IPV6_SPELLINGS_OF_PRIVATE_IPV4) {
      expect(isPrivateAddress(address), address).toBe(true);
      expect(urlProblem(`https://[${address}]/hook`, { allowPrivate: false }), address).toMatch(/private/);
    }
    expect(new URL('https://[::127.0.0.1]/').hostname).toBe('[::7f00:1]');
  });

  it('refuses each at connection time, when a name resolves to it', async () => {
    for (const address of IPV6_SPELLINGS_OF_PRIVATE_IPV4) {
      const resolver = (
        _host: string,
        _options: object,
        callback: (error: NodeJS.ErrnoException | null, found: Array<{ address: string; family: number }>) => void,
      ) =>
        callback(null, [
          { address: '2606:4700:4700::1111', family: 6 },
          { address, family: 6 },
        ]);
      const answer = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
        guardedLookup({ allowPrivate: false }, resolver)('rebound.example', {}, (error) => resolve(error)),
      );
      expect(answer?.code, address).toBe('EWEBHOOKBLOCKED');
    }
  });

  it('a literal address is refused by the send itself, before any connection', async () => {
    const outcome = await sendMessage(
      'https://[::127.0.0.1]:9/hook',
      { id: 'evt_x', body: '{}', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
      { allowPrivate: false },
    );
    expect(outcome).toMatchObject({ ok: false, code: 0 });
    expect(outcome.error).toMatch(/private/);
  });

  it('public IPv6 and IPv4-mapped public IPv4 stay allowed', () => {
    for (const address of ['2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '::ffff:8.8.8.8', '::ffff:808:808'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('retry schedule', () => {
  it('retries for at least 24 hours, with growing waits, then stops', () => {
    const total = RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i += 1)
      expect(RETRY_DELAYS_SECONDS[i]!).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i - 1]!);
    expect(nextAttemptAt(1, 1000)).toBe(1000 + RETRY_DELAYS_SECONDS[0]! * 1000);
    expect(nextAttemptAt(MAX_ATTEMPTS - 1, 0)).toBeDefined();
    expect(nextAttemptAt(MAX_ATTEMPTS, 0)).toBeUndefined();
  });
});

describe('subscription matching', () => {
  it('by name, entity.* or *, and only the bound company', () => {
    expect(subscriptionMatches({ events: ['products.updated'], company_id: 0 }, event())).toBe(true);
    expect(subscriptionMatches({ events: ['products.created'], company_id: 0 }, event())).toBe(false);
    expect(subscriptionMatches({ events: ['products.*'], company_id: 0 }, event())).toBe(true);
    expect(subscriptionMatches({ events: ['orders.*'], company_id: 0 }, event())).toBe(false);
    expect(subscriptionMatches({ events: ['*'], company_id: 0 }, event())).toBe(true);
    expect(subscriptionMatches({ events: ['*'], company_id: 1 }, event())).toBe(true);
    expect(subscriptionMatches({ events: ['*'], company_id: 2 }, event())).toBe(false);
    expect(subscriptionMatches({ events: ['*'], company_id: 2 }, event({ company_id: null }))).toBe(false);
  });
});

describe('OpenAPI webhooks', () => {
  it('describes every event of products, orders and users with the signature headers and the object schema', async () => {
    const { buildOpenApiDocument } = await import('../../lib/openapi/document.js');
    const document = buildOpenApiDocument() as {
      webhooks: Record<string, any>;
      components: { schemas: Record<string, any> };
    };
    for (const entity of ['products', 'orders', 'users']) {
      for (const action of ['created', 'updated', 'deleted']) {
        const post = document.webhooks[`${entity}.${action}`]?.post;
        expect(post, `${entity}.${action}`).toBeDefined();
        expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
          'webhook-id',
          'webhook-timestamp',
          'webhook-signature',
        ]);
        const ref = post.requestBody.content['application/json'].schema.$ref as string;
        const schema = document.components.schemas[ref.split('/').pop()!];
        expect(schema.properties.type.enum).toContain(`${entity}.${action}`);
        expect(Object.keys(schema.properties.data.properties.object.properties).length).toBeGreaterThan(3);
      }
    }
    expect(document.webhooks['webhooks.created']).toBeUndefined();
  });
});
