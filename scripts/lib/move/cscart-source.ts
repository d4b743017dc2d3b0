import { setTimeout as sleep } from 'node:timers/promises';
import { listPath, type MovedEntity } from './plan.js';
import { isRetryable, MAX_ATTEMPTS, retryDelayMs } from './retry.js';
import { type PageAnswer, type PagePosition, type Source, type SourcePage, walkPages } from './source.js';
import type { SourceRow } from './wire.js';

/**
 * A store that speaks CS-Cart's REST API (a CS-Cart, or this API on another stage): `GET <base>/api/<entity>`
 * with HTTP Basic (an administrator's e-mail and API key), retried on 5xx, 429 (Retry-After honoured) and answers
 * that are not JSON (lib/move/retry.ts). A 4xx is the source's answer for that entity (an entity this CS-Cart
 * lacks is a 404): reported, and the run goes on.
 */
export class CsCartSource implements Source {
  readonly name: string;
  private readonly authorization: string | undefined;

  constructor(
    base: string,
    credentials: { email?: string; key?: string },
    private readonly wait: (ms: number) => Promise<unknown> = (ms) => sleep(ms),
  ) {
    const url = new URL(base);
    this.name = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    this.authorization =
      credentials.email === undefined
        ? undefined
        : `Basic ${Buffer.from(`${credentials.email}:${credentials.key ?? ''}`).toString('base64')}`;
  }

  pages(entity: MovedEntity, after?: PagePosition): AsyncIterable<SourcePage> {
    return walkPages(
      entity,
      (query) => {
        const { path, query: sent } = listPath(entity, query);
        return this.get(path, sent);
      },
      after,
    );
  }

  async record(entity: MovedEntity, id: string): Promise<{ row: SourceRow } | { error: string }> {
    const answer = await this.get(`${entity.name}/${encodeURIComponent(id)}`, {});
    if ('error' in answer) return { error: answer.error };
    const body = answer.body;
    return body !== null && typeof body === 'object' && !Array.isArray(body)
      ? { row: body as SourceRow }
      : { error: `GET ${entity.name}/${id} answered no object` };
  }

  /** One GET, tried up to MAX_ATTEMPTS times. */
  async get(path: string, query: Record<string, string>): Promise<PageAnswer> {
    const url = `${this.name}/api/${path}?${new URLSearchParams(query)}`;
    let problem = '';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      let retryAfter: string | null = null;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', ...(this.authorization ? { authorization: this.authorization } : {}) },
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        let body: unknown;
        let isJson = true;
        try {
          body = JSON.parse(text);
        } catch {
          isJson = false;
        }
        if (response.ok && isJson) return { body };
        problem = `GET ${path} answered ${response.status}${isJson ? '' : ' (not JSON)'}`;
        if (!isRetryable(response.status, isJson))
          return { error: `${problem}: ${text.slice(0, 200).replace(/\s+/g, ' ')}`, status: response.status };
        retryAfter = response.headers.get('retry-after');
      } catch (error) {
        problem = `GET ${path} failed: ${(error as Error).message}`;
      }
      if (attempt < MAX_ATTEMPTS) await this.wait(retryDelayMs(attempt, retryAfter));
    }
    return { error: `${problem}, ${MAX_ATTEMPTS} attempts` };
  }
}
