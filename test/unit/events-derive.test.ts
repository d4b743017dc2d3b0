/**
 * Events from the table's stream (lib/events/derive.ts): which items are entity records, what each event
 * carries, and that bookkeeping items and invisible changes make none. Stream records are built as DynamoDB
 * Streams delivers them (attribute-value images, NEW_AND_OLD_IMAGES).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { deriveEvents, type StreamChange } from '../../lib/events/derive.js';

let sequence = 100;

function change(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  keys: { pk: string; sk: string },
  images: { old?: object; new?: object },
): StreamChange {
  sequence += 1;
  return {
    eventID: `event-${sequence}`,
    eventName,
    dynamodb: {
      Keys: marshall(keys),
      ...(images.new ? { NewImage: marshall({ ...keys, ...images.new }, { removeUndefinedValues: true }) } : {}),
      ...(images.old ? { OldImage: marshall({ ...keys, ...images.old }, { removeUndefinedValues: true }) } : {}),
      SequenceNumber: String(sequence).padStart(21, '0'),
      ApproximateCreationDateTime: 1_764_000_000,
    },
  };
}

const PRODUCT_KEYS = { pk: 'PRODUCT#12', sk: 'RECORD' };
const product = { product_id: 12, product: 'Lamp', price: '30.00', amount: 5, company_id: 3, status: 'A', version: 1 };

describe('deriveEvents', () => {
  it('turns a created product into products.created with the object as its single GET shows it', async () => {
    const [event, ...rest] = await deriveEvents([change('INSERT', PRODUCT_KEYS, { new: product })]);
    expect(rest).toEqual([]);
    expect(event).toMatchObject({
      type: 'products.created',
      entity: 'products',
      action: 'created',
      object_id: '12',
      company_id: 3,
      created_at: '2025-11-24T16:00:00.000Z',
    });
    expect(event!.id).toMatch(/^evt_[0-9a-f]{32}$/);
    // The single GET's wire form: the recording's types, the single view's price rows, defaults filled in.
    expect(event!.data.object).toMatchObject({
      product_id: 12,
      product: 'Lamp',
      price: '30.00',
      amount: '5',
      company_id: '3',
    });
    expect(event!.data.object.prices).toEqual([expect.objectContaining({ product_id: '12', price: '30.00' })]);
    expect(event!.data.object).not.toHaveProperty('version');
    expect(event!.data.changed_fields).toBeUndefined();
  });

  it('names the changed fields of an update (stock included) and carries the new state', async () => {
    const [event] = await deriveEvents([
      change('MODIFY', PRODUCT_KEYS, {
        old: product,
        new: { ...product, amount: 4, product: 'Desk lamp', version: 2 },
      }),
    ]);
    expect(event).toMatchObject({ type: 'products.updated', object_id: '12' });
    expect(event!.data.changed_fields).toEqual(['amount', 'product']);
    expect(event!.data.object).toMatchObject({ product: 'Desk lamp', amount: '4' });
  });

  it('makes no event for an update nothing shown changed in (a version bump, a hidden field)', async () => {
    const events = await deriveEvents([
      change('MODIFY', PRODUCT_KEYS, { old: product, new: { ...product, version: 2, category_tree: [1, 2] } }),
    ]);
    expect(events).toEqual([]);
  });

  it('shows a deleted order in its last state', async () => {
    const order = { order_id: 7, status: 'O', total: '12.50', company_id: 1, user_id: 3, version: 3 };
    const [event] = await deriveEvents([change('REMOVE', { pk: 'ORDER#7', sk: 'RECORD' }, { old: order })]);
    expect(event).toMatchObject({ type: 'orders.deleted', object_id: '7', company_id: 1 });
    expect(event!.data.object).toMatchObject({ order_id: '7', status: 'O', total: '12.50' });
  });

  it('derives users, usergroups and memberships from their own items', async () => {
    const user = {
      user_id: 5,
      email: 'a@example.com',
      email_lc: 'a@example.com',
      user_type: 'C',
      status: 'A',
      firstname: 'Ann',
      lastname: 'Lee',
      company_id: 0,
      is_root: 'N',
      timestamp: 1,
      version: 1,
    };
    const events = await deriveEvents([
      change('INSERT', { pk: 'USER#5', sk: 'PROFILE' }, { new: user }),
      change(
        'INSERT',
        { pk: 'USERGROUPS', sk: '000000000000009' },
        { new: { usergroup_id: 9, type: 'C', status: 'A', usergroup: 'Wholesale' } },
      ),
      change(
        'MODIFY',
        { pk: 'USER#5', sk: 'LINK#000000000000009' },
        {
          old: { link_id: 4, user_id: 5, usergroup_id: 9, status: 'P', user_type: 'C' },
          new: { link_id: 4, user_id: 5, usergroup_id: 9, status: 'A', user_type: 'C' },
        },
      ),
    ]);
    expect(events.map((e) => [e.type, e.object_id])).toEqual([
      ['users.created', '5'],
      ['usergroups.created', '9'],
      ['memberships.updated', '5/9'],
    ]);
    expect(events[0]!.data.object).toMatchObject({ user_id: '5', email: 'a@example.com', user_login: 'user_5' });
    expect(events[0]!.data.object).not.toHaveProperty('email_lc');
    expect(events[2]!.data).toEqual({
      object: { link_id: 4, usergroup_id: 9, status: 'A', user_id: 5 },
      changed_fields: ['status'],
    });
  });

  it('makes no events for bookkeeping items', async () => {
    const bookkeeping = [
      { pk: 'COUNTER#product', sk: 'COUNTER' },
      { pk: 'COUNT#product', sk: 'all#' },
      { pk: 'COUNT#product#all##3', sk: 'SHARD' },
      { pk: 'COUNT#product#category_ids#7', sk: 'COUNT' },
      { pk: 'IDX#product#all#', sk: '000000000000012' },
      { pk: 'SORT#product#price', sk: '0000000000030.0000#000000000000012' },
      { pk: 'THROTTLE#a@example.com#127.0.0.1', sk: 'THROTTLE' },
      { pk: 'RATE#a@example.com', sk: 'RATE' },
      { pk: 'IDEMPOTENCY#1#key', sk: 'IDEMPOTENCY' },
      { pk: 'PANELSESSION#abc', sk: 'SESSION' },
      { pk: 'LOGIN#a@example.com', sk: 'LOGIN' },
      { pk: 'USERSTATS', sk: 'C#A' },
      { pk: 'EKEY#abc', sk: 'EKEY' },
      { pk: 'LANGCODE#en', sk: 'LANGCODE' },
      { pk: 'STATUSLETTER#O#X', sk: 'STATUSLETTER' },
      { pk: 'EVENTS#2026-11-25', sk: '1764086400000000#evt_x' },
      { pk: 'EVENTID#evt_x', sk: 'EVENTID' },
      { pk: 'UNKNOWNTHING#3', sk: 'RECORD' },
    ];
    const events = await deriveEvents(bookkeeping.map((keys) => change('INSERT', keys, { new: { count: 1 } })));
    expect(events).toEqual([]);
  });

  it('gives the same stream record the same id, and another record another one', async () => {
    const record = change('INSERT', PRODUCT_KEYS, { new: product });
    const [first] = await deriveEvents([record]);
    const [again] = await deriveEvents([structuredClone(record)]);
    const [other] = await deriveEvents([change('INSERT', PRODUCT_KEYS, { new: product })]);
    expect(again!.id).toBe(first!.id);
    expect(other!.id).not.toBe(first!.id);
  });
});
