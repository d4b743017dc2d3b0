import type { Caller } from '../entities/caller.js';
import type { ApiPath } from './api-path.js';
import type { RequestBody } from './body.js';
import type { ApiResult } from './response.js';
import type { Route } from './route.js';

/**
 * The contract between the request pipeline and the operations (the protocol's, so both import it from below): what an operation receives once the stack
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

/**
 * Items a handler needs before it can read its object, named by the path alone (a nested langvar's language, for its
 * lang_code): authentication reads them in its own BatchGetItem (lib/stack/prefetch.ts), so they cost no step of
 * their own. A key the path cannot name (not an id) is simply not asked for; the operation then reads as usual.
 */
export type Prefetch = (path: ApiPath) => { pk: string; sk: string }[];

/**
 * What was read early: `{ item }` (undefined item: read and absent), or undefined when the key was not read. The key
 * and item are the table's (lib/db/joined-reads.ts ItemKey and Item), spelled here as the protocol layer sees them.
 */
export type Prefetched = (key: { pk: string; sk: string }) => { item: Record<string, unknown> | undefined } | undefined;
