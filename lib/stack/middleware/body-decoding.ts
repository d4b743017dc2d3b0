import { BATCH_MAX_BODY_BYTES, decodeBody, MAX_BODY_BYTES } from '../../http/body.js';
import type { Decoded, RequestRead, Routed, Stage } from '../request.js';

/** Fourth judgement, PUT and POST only: 413, 415, or 400 for an empty or malformed body. Other methods' bodies are ignored. */
export function bodyDecoding(): Stage<RequestRead & Routed & Decoded> {
  return {
    before: ({ event, context }) => {
      const state = context.api;
      if (state.method !== 'PUT' && state.method !== 'POST') return;
      // A batch may be as large as API Gateway lets a request be; each of its items is held to the single limit.
      const limit = state.route.operation === 'batch' ? BATCH_MAX_BODY_BYTES : MAX_BODY_BYTES;
      state.body = decodeBody(event.body, event.isBase64Encoded === true, state.headers['content-type'], limit);
    },
  };
}
