/**
 * The pure rules of the shopper's account (lib/operations/storefront-account/), without DynamoDB or HTTP: the
 * password a registration or profile change chooses, the profile form per location and action and its values,
 * mark_as_viewed's time, and who the storefront's customer-only resources admit (lib/auth/authorize.ts).
 */
import { describe, expect, it } from 'vitest';
import { authorize } from '../../lib/auth/authorize.js';
import type { Caller } from '../../lib/entities/caller.js';
import { sraNotificationsEntity } from '../../lib/entities/sra-notifications.js';
import { sraProfileEntity } from '../../lib/entities/sra-profile.js';
import { sraWishListEntity } from '../../lib/entities/sra-wish-list.js';
import type { EntityDefinition } from '../../lib/entities/types.js';
import { ForbiddenError, ValidationError } from '../../lib/errors.js';
import { viewedTime } from '../../lib/operations/storefront-account/notifications.js';
import { chosenPassword } from '../../lib/operations/storefront-account/profile.js';
import { hydratedForm, profileForm, readFormQuery } from '../../lib/operations/storefront-account/profile-fields.js';

const PASSWORD = 'correct horse 42';

/** The field a refusal names (its first `errors` entry). */
function refusedField(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0]?.field;
    throw error;
  }
  return undefined;
}

describe('chosenPassword', () => {
  it('password1 with an equal password2, or password alone; none chosen is undefined', () => {
    expect(chosenPassword({ password1: PASSWORD, password2: PASSWORD })).toBe(PASSWORD);
    expect(chosenPassword({ password: PASSWORD })).toBe(PASSWORD);
    expect(chosenPassword({ firstname: 'Ada' })).toBeUndefined();
    expect(chosenPassword({ password1: '', password: null })).toBeUndefined();
  });

  it('names the field at fault', () => {
    expect(refusedField(() => chosenPassword({ password1: PASSWORD }))).toBe('password2');
    expect(refusedField(() => chosenPassword({ password1: PASSWORD, password2: 'other pass 99' }))).toBe('password2');
    expect(refusedField(() => chosenPassword({ password2: PASSWORD }))).toBe('password1');
    expect(refusedField(() => chosenPassword({ password1: 'short', password2: 'short' }))).toBe('password1');
    expect(refusedField(() => chosenPassword({ password: ' padded password ' }))).toBe('password');
    expect(refusedField(() => chosenPassword({ password: ['x'] }))).toBe('password');
  });
});

describe('the profile form', () => {
  it("sections in CS-Cart's codes and order; passwords only on the profile, required when registering", () => {
    const add = profileForm('profile', 'add');
    expect(Object.keys(add)).toEqual(['E', 'C']);
    expect(add.E!.fields.map((field) => [field.field_id, field.required])).toEqual([
      ['email', true],
      ['password1', true],
      ['password2', true],
    ]);
    expect(profileForm('profile', 'update').E!.fields.map((field) => field.required)).toEqual([true, false, false]);
    const checkout = profileForm('checkout', 'update');
    expect(Object.keys(checkout)).toEqual(['E', 'C', 'B', 'S']);
    expect(checkout.E!.fields.map((field) => field.field_id)).toEqual(['email']);
    expect(checkout.B!.fields.every((field) => field.field_id.startsWith('b_') && field.section === 'B')).toBe(true);
    expect(checkout.S!.fields.find((field) => field.field_id === 's_zipcode')?.field_type).toBe('Z');
  });

  it('hydrates values (null where none, always null for a password)', () => {
    const form = hydratedForm(profileForm('profile', 'update'), {
      email: 'a@example.com',
      password1: 'leak',
      phone: '',
    });
    const value = (id: string) =>
      Object.values(form)
        .flatMap((section) => section.fields)
        .find((field) => field.field_id === id)?.value;
    expect(value('email')).toBe('a@example.com');
    expect(value('phone')).toBe('');
    expect(value('firstname')).toBeNull();
    expect(value('password1')).toBeNull();
  });

  it('location and action default to profile and update; another value is a 400 naming it', () => {
    expect(readFormQuery({})).toEqual({ location: 'profile', action: 'update' });
    expect(readFormQuery({ location: 'checkout', action: 'add' })).toEqual({ location: 'checkout', action: 'add' });
    expect(refusedField(() => readFormQuery({ location: 'moon' }))).toBe('location');
    expect(refusedField(() => readFormQuery({ action: 'delete' }))).toBe('action');
  });
});

describe("mark_as_viewed's time", () => {
  it("CS-Cart's form (UTC), ISO 8601, Unix seconds, absent = now; anything else a 400 naming time", () => {
    expect(viewedTime('2020-01-22 16:16:23')).toBe(Date.UTC(2020, 0, 22, 16, 16, 23) / 1000);
    expect(viewedTime('2020-01-22T16:16:23+01:00')).toBe(Date.UTC(2020, 0, 22, 15, 16, 23) / 1000);
    expect(viewedTime('1579709783')).toBe(1579709783);
    expect(viewedTime(undefined, 5_000)).toBe(5);
    expect(refusedField(() => viewedTime('yesterday'))).toBe('time');
    expect(refusedField(() => viewedTime('2020-13-45 99:99'))).toBe('time');
  });
});

describe('who the customer-only storefront resources admit', () => {
  const caller = (fields: Partial<Caller>): Caller => ({
    userId: 7,
    email: 'x@example.com',
    userType: 'C',
    isRoot: false,
    companyId: 0,
    activeGroupIds: [],
    ...fields,
  });
  const judged = (resource: EntityDefinition, operation: 'list' | 'create' | 'delete') => ({
    operation,
    privileges: [],
    resource,
  });
  const refused = async (promise: Promise<void>) => {
    await expect(promise).rejects.toBeInstanceOf(ForbiddenError);
  };

  it('a guest only where the resource says so; a customer and an administrator everywhere; a vendor nowhere', async () => {
    const guest = caller({ userId: 0, storefront: 'guest' });
    await expect(authorize(guest, judged(sraProfileEntity, 'create'))).resolves.toBeUndefined();
    await expect(authorize(guest, judged(sraNotificationsEntity, 'create'))).resolves.toBeUndefined();
    await refused(authorize(guest, judged(sraProfileEntity, 'list')));
    await refused(authorize(guest, judged(sraNotificationsEntity, 'delete')));
    await refused(authorize(guest, judged(sraWishListEntity, 'create')));
    const customer = caller({ storefront: 'customer' });
    await expect(authorize(customer, judged(sraWishListEntity, 'list'))).resolves.toBeUndefined();
    await expect(authorize(caller({ userType: 'A' }), judged(sraWishListEntity, 'list'))).resolves.toBeUndefined();
    await refused(authorize(caller({ userType: 'V', companyId: 3 }), judged(sraWishListEntity, 'list')));
    await refused(authorize(caller({ userType: 'V', companyId: 3 }), judged(sraProfileEntity, 'create')));
  });
});
