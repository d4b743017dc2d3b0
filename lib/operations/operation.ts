import type { Item, ItemKey } from '../db/batch-get.js';
import type { Caller } from '../entities/caller.js';
import type { ApiPath } from '../http/api-path.js';
import type { RequestBody } from '../http/body.js';
import type { ApiResult } from '../http/response.js';
import type { Route } from '../http/route.js';

/**
 * The contract between the request pipeline and the operations: what an operation receives once the stack
 * (lib/stack) has authenticated, routed, authorized and decoded the request, and what it answers. Operations import
 * this, never the stack itself, so they run the same under a Lambda, a batch item, an MCP tool call or a test.
 */
export interface ApiRequest {
  method: string;
  version: ApiPath['version'];
  route: Route;
  query: Record<string, string>;
  caller: Caller;
  /** Decoded body of a PUT/POST; undefined for other methods. */
  body: RequestBody | undefined;
  /** Lower-cased request headers (`if-match`, `if-none-match`); absent in hand-built calls. */
  headers?: Record<string, string>;
  /** The client's address as API Gateway saw it (an order records it). */
  sourceIp?: string;
  /** Items the handler asked for, read beside authentication (lib/stack/prefetch.ts); absent when not read. */
  prefetched?: Prefetched;
}

export type Operation = (request: ApiRequest) => Promise<ApiResult>;

/** What was read early: `{ item }` (undefined item: read and absent), or undefined when the key was not read. */
export type Prefetched = (key: ItemKey) => { item: Item | undefined } | undefined;
