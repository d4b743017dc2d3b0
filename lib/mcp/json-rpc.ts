/**
 * JSON-RPC 2.0 as MCP uses it (https://www.jsonrpc.org/specification): classifying what a client sent and writing the
 * answers. Pure: no I/O, so its rules are unit-tested on their own.
 */

export type RpcId = string | number;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export interface RpcRequest {
  kind: 'request';
  id: RpcId;
  method: string;
  params: Record<string, unknown>;
}

/** A notification (no id) or a client's response to a server request (this server sends none): answered with nothing. */
export interface RpcNoAnswer {
  kind: 'notification';
}

export interface RpcInvalid {
  kind: 'invalid';
  id: RpcId | null;
  message: string;
}

export type RpcMessage = RpcRequest | RpcNoAnswer | RpcInvalid;

export type RpcAnswer =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId | null; error: { code: number; message: string } };

const isId = (value: unknown): value is RpcId =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function classify(message: unknown): RpcMessage {
  if (!isObject(message) || message.jsonrpc !== '2.0')
    return {
      kind: 'invalid',
      id: isObject(message) && isId(message.id) ? message.id : null,
      message: 'Invalid Request',
    };
  const hasId = Object.hasOwn(message, 'id');
  if (typeof message.method !== 'string') {
    // A response to a request of ours (we send none), or nonsense.
    const response = hasId && (Object.hasOwn(message, 'result') || Object.hasOwn(message, 'error'));
    return response
      ? { kind: 'notification' }
      : { kind: 'invalid', id: isId(message.id) ? message.id : null, message: 'Invalid Request' };
  }
  if (!hasId) return { kind: 'notification' };
  if (!isId(message.id))
    return { kind: 'invalid', id: null, message: 'Invalid Request: id must be a string or an integer' };
  if (message.params !== undefined && !isObject(message.params))
    return { kind: 'invalid', id: message.id, message: 'Invalid Request: params must be an object' };
  return {
    kind: 'request',
    id: message.id,
    method: message.method,
    params: (message.params ?? {}) as Record<string, unknown>,
  };
}

export const result = (id: RpcId, value: unknown): RpcAnswer => ({ jsonrpc: '2.0', id, result: value });

export const failure = (id: RpcId | null, code: number, message: string): RpcAnswer => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
