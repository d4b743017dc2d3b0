/**
 * SPEC §5's vendor rules as lib/auth/authorize.ts judges them, on routes resolved from paths — no HTTP, no
 * database (a vendor's verdict needs neither). The e2e suites (catalog-vendor-isolation, permissions) prove the
 * answers over HTTP and the scoping of a vendor's objects to their company, which the operations do.
 */

import { afterEach, describe, expect, it } from 'vitest';
import { authorize } from '../../lib/auth/authorize.js';
import type { Caller } from '../../lib/entities/caller.js';
import { findEntity } from '../../lib/entities/registry.js';
import { parseApiPath } from '../../lib/http/api-path.js';
import { resolveRoute } from '../../lib/http/route.js';

const vendor: Caller = {
  userId: 7,
  email: 'v@example.com',
  userType: 'V',
  isRoot: false,
  companyId: 3,
  activeGroupIds: [],
};
const route = (method: string, path: string) => resolveRoute(method, parseApiPath(path, {}), findEntity);
const judged = (caller: Caller, method: string, path: string) =>
  authorize(caller, route(method, path)).then(
    () => 'allowed',
    (error: Error) => error.message,
  );

afterEach(() => {
  delete process.env.STORE_EDITION;
});

describe('authorize: a vendor (SPEC §5)', () => {
  it.each([
    ['GET', '/api/products'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/12'],
    ['GET', '/api/categories/4'],
    ['GET', '/api/orders'],
  ])('may use a vendor entity: %s %s', async (method, path) => {
    // Act / Assess
    expect(await judged(vendor, method, path)).toBe('allowed');
  });

  it.each([
    ['POST', '/api/categories'],
    ['PUT', '/api/categories/4'],
    ['DELETE', '/api/categories/4'],
  ])('may only read a read-only vendor entity: %s %s', async (method, path) => {
    expect(await judged(vendor, method, path)).toBe('Vendors may only read this resource');
  });

  it.each([
    ['GET', '/api/users'],
    ['POST', '/api/usergroups'],
    ['GET', '/api/settings'],
  ])('may not use an administrator entity: %s %s', async (method, path) => {
    expect(await judged(vendor, method, path)).toBe('Vendors may not use this resource');
  });

  it.each(['cs-cart', 'cs-cart-ultimate', 'multi-vendor'])('may use nothing in the %s edition', async (edition) => {
    // Prepare
    process.env.STORE_EDITION = edition;
    // Act / Assess
    expect(await judged(vendor, 'GET', '/api/products')).toBe('Vendors may not use this resource');
  });

  it('is judged the same under /api/2.0', async () => {
    expect(await judged(vendor, 'POST', '/api/2.0/categories')).toBe('Vendors may only read this resource');
    expect(await judged(vendor, 'GET', '/api/2.0/products')).toBe('allowed');
  });
});
