import type { APIGatewayProxyEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as openapi } from '../../functions/docs/openapi.js';
import { handler as page } from '../../functions/docs/page.js';
import { deploymentBase, deploymentOrigin } from '../../lib/docs/responses.js';

/** An event as API Gateway (stage URL) or serverless offline hands it over. */
function event(path: string, seenPath: string, headers: Record<string, string> = {}): APIGatewayProxyEvent {
  return { httpMethod: 'GET', path, headers, requestContext: { path: seenPath } } as unknown as APIGatewayProxyEvent;
}

describe("the docs' own address", () => {
  it('behind API Gateway the stage prefix is the base; under serverless offline there is none', () => {
    expect(deploymentBase(event('/api/docs', '/dev/api/docs'))).toBe('/dev');
    expect(deploymentBase(event('/api/docs/', '/dev/api/docs/'))).toBe('/dev');
    expect(deploymentBase(event('/api/docs', '/api/docs'))).toBe('');
    expect(deploymentBase(event('/api/docs', '/elsewhere'))).toBe('');
  });

  it('the origin comes from Host and X-Forwarded-Proto; a Host that is not a plain host[:port] gives none', () => {
    expect(
      deploymentOrigin(
        event('/', '/', { Host: 'abc.execute-api.eu-west-1.amazonaws.com', 'X-Forwarded-Proto': 'https' }),
      ),
    ).toBe('https://abc.execute-api.eu-west-1.amazonaws.com');
    expect(deploymentOrigin(event('/', '/', { host: 'localhost:3000' }))).toBe('http://localhost:3000');
    expect(deploymentOrigin(event('/', '/', { host: 'evil.example/"><script>' }))).toBeUndefined();
  });

  it('the page references its assets under the stage prefix, so a trailing slash cannot move them', async () => {
    const answer = await page(event('/api/docs', '/dev/api/docs'));
    expect(answer.statusCode).toBe(200);
    expect([...answer.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/dev/api/docs/swagger-ui.css',
      '/dev/api/docs/swagger-ui-bundle.js',
      '/dev/api/docs/init.js',
    ]);
  });

  it("the OpenAPI servers are the versions' roots under the stage URL", async () => {
    const answer = await openapi(
      event('/api/openapi.json', '/dev/api/openapi.json', {
        Host: 'abc.execute-api.eu-west-1.amazonaws.com',
        'X-Forwarded-Proto': 'https',
      }),
    );
    expect(JSON.parse(answer.body).servers).toEqual([
      { url: 'https://abc.execute-api.eu-west-1.amazonaws.com/dev/api', description: 'Version 1.0' },
      {
        url: 'https://abc.execute-api.eu-west-1.amazonaws.com/dev/api/2.0',
        description: 'Version 2.0 (the same operations)',
      },
    ]);
  });
});
