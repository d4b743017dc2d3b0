import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RecordOf } from '../../lib/db/entity-reads.js';
import type { paymentsEntity } from '../../lib/entities/payments.js';
import type { PRODUCT_STATUSES, productsEntity } from '../../lib/entities/products.js';
import type { CreateInputOf, UpdateInputOf } from '../../lib/entities/record-types.js';
import type { EntityHooks } from '../../lib/operations/crud.js';

/**
 * The record and input types derived from a definition (issue 42 item 1): `npm run typecheck` compiles this file,
 * so each `@ts-expect-error` line fails the check the day the type would accept what it marks — a misspelled field,
 * a value outside an enum, a create without what it requires, a read-only field in a body.
 */
type Product = RecordOf<typeof productsEntity>;
type Payment = RecordOf<typeof paymentsEntity>;

const product: Product = { product_id: 7, version: 1, amount: 3, status: 'A' };

describe('record types derived from a definition', () => {
  it('types each field by its kind, an enum as the union of its values', () => {
    expectTypeOf<Product['amount']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Product['price']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Product['status']>().toEqualTypeOf<(typeof PRODUCT_STATUSES)[number] | undefined>();
    expectTypeOf<Product['is_edp']>().toEqualTypeOf<'Y' | 'N' | undefined>();
    expectTypeOf<Product['product_id']>().toEqualTypeOf<number>();
    expectTypeOf<Payment['status']>().toEqualTypeOf<'A' | 'D' | undefined>();
    expect(product.amount).toBe(3);
  });

  it('does not compile a misspelled field or a value outside an enum', () => {
    // @ts-expect-error a misspelled field is no field of the record
    const misspelled = product.amuont;
    // @ts-expect-error `X` is no product status
    const wrongEnum: Product = { product_id: 1, version: 1, status: 'X' };
    // @ts-expect-error a flag is `Y` or `N`
    const wrongFlag: Product = { product_id: 1, version: 1, is_edp: 'yes' };
    // @ts-expect-error a number field holds a number, not its text
    const wrongKind: Product = { product_id: 1, version: 1, amount: '3' };
    expect([misspelled, wrongEnum.status, wrongFlag.is_edp, wrongKind.amount]).toEqual([undefined, 'X', 'yes', '3']);
  });

  it('derives the create input: required fields required, read-only fields absent', () => {
    expectTypeOf<CreateInputOf<typeof paymentsEntity>['payment']>().toEqualTypeOf<string>();
    expectTypeOf<UpdateInputOf<typeof paymentsEntity>['payment']>().toEqualTypeOf<string | undefined>();
    const create: CreateInputOf<typeof paymentsEntity> = { payment: 'Card', status: 'D' };
    // @ts-expect-error a create of a payment requires its name
    const missing: CreateInputOf<typeof paymentsEntity> = { status: 'D' };
    // @ts-expect-error `payment_id` is read-only: no body sets it
    const readOnly: UpdateInputOf<typeof paymentsEntity> = { payment_id: 3 };
    // @ts-expect-error an update's enum is still the union of its values
    const badUpdate: UpdateInputOf<typeof paymentsEntity> = { status: 'Z' };
    expect([create.payment, missing.status, readOnly, badUpdate.status]).toEqual(['Card', 'D', { payment_id: 3 }, 'Z']);
  });

  it("hands a hook's extra items the records of its definition", async () => {
    const seen: Array<number | undefined> = [];
    const hooks: EntityHooks<typeof productsEntity> = {
      extraItems: () => (record, previous) => {
        expectTypeOf(record.amount).toEqualTypeOf<number | undefined>();
        // @ts-expect-error a misspelled field is no field of the record the store hands over
        seen.push(record.amuont, previous?.amount);
        return { items: [] };
      },
    };
    const extra = await hooks.extraItems!({} as never)(product, { ...product, amount: 1 });
    expect([extra.items, seen]).toEqual([[], [undefined, 1]]);
  });
});
