import type { ApiEvent } from '../../http/api-event.js';
import { BATCH_MAX_BODY_BYTES, decodeBody, MAX_BODY_BYTES, type RequestBody } from '../../http/body.js';
import type { Admission } from '../request.js';

/** Fourth judgement, PUT and POST only: 413, 415, or 400 for an empty or malformed body. Other methods' bodies are ignored. */
export function decodedBody(event: ApiEvent, admission: Admission): RequestBody | undefined {
  if (admission.method !== 'PUT' && admission.method !== 'POST') return undefined;
  // A batch may be as large as API Gateway lets a request be; each of its items is held to the single limit.
  const limit = admission.route.operation === 'batch' ? BATCH_MAX_BODY_BYTES : MAX_BODY_BYTES;
  return decodeBody(event.body, event.isBase64Encoded === true, admission.headers['content-type'], limit);
}
