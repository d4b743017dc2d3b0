import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../lib/entities/registry.js';
import { callEntityTool } from '../../lib/mcp/entity-call.js';
import type { RestAnswer, RestRequest } from '../../lib/mcp/rest-call.js';
import { allTools } from '../../lib/mcp/tool-catalog.js';

/** An entity tool's one-line summary names the id the REST answer carried, under the answer's own key. */
const tool = (name: string) => {
  const found = allTools(Object.values(ENTITIES)).find((spec) => spec.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

const answering = (answer: RestAnswer) => {
  const sent: RestRequest[] = [];
  const rest = async (request: RestRequest) => {
    sent.push(request);
    return answer;
  };
  return { sent, rest };
};

describe('an entity tool’s summary line', () => {
  it('names a created store by the store_id its POST answers', async () => {
    const { rest, sent } = answering({ status: 201, body: { store_id: 7 } });
    const outcome = await callEntityTool(tool('stores_create'), { company: 'Acme' }, rest);
    expect(sent[0]).toMatchObject({ entity: 'stores', operation: 'create' });
    expect(outcome).toMatchObject({ ok: true, text: 'Created stores store_id=7.' });
  });

  it('names a created product by its product_id', async () => {
    const { rest } = answering({ status: 201, body: { product_id: 12 } });
    const outcome = await callEntityTool(tool('products_create'), { product: 'Mug', price: 3 }, rest);
    expect(outcome).toMatchObject({ ok: true, text: 'Created products product_id=12.' });
  });

  it('names an updated record by the id it was called with', async () => {
    const { rest } = answering({ status: 200, body: { store_id: '7' } });
    const outcome = await callEntityTool(tool('stores_update'), { company_id: 7, company: 'Acme Two' }, rest);
    expect(outcome).toMatchObject({ ok: true, text: 'Updated stores store_id=7.' });
  });
});
