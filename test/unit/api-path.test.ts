import { describe, expect, it } from 'vitest';
import { parseApiPath } from '../../lib/http/api-path.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { thrownBy } from '../support/thrown.js';

function expect404(act: () => unknown): void {
  expect(thrownBy(HttpError, act).status).toBe(404);
}

describe('parseApiPath', () => {
  it('reads /api/:object as version 1.0', () => {
    // Prepare
    const path = '/api/users';
    // Act
    const parsed = parseApiPath(path, {});
    // Assess
    expect(parsed).toEqual({ version: '1.0', segments: ['users'] });
  });

  it('reads /api/2.0/:object/:id as version 2.0 without the version segment', () => {
    // Prepare
    const path = '/api/2.0/users/5';
    // Act
    const parsed = parseApiPath(path, {});
    // Assess
    expect(parsed).toEqual({ version: '2.0', segments: ['users', '5'] });
  });

  it('reads the api.php form from the _d parameter, version included', () => {
    // Prepare
    const query = { _d: '2.0/users/3/usergroups', ajax_custom: '1' };
    // Act
    const parsed = parseApiPath('/api.php', query);
    // Assess
    expect(parsed).toEqual({ version: '2.0', segments: ['users', '3', 'usergroups'] });
  });

  it('reads the api.php form without a version as 1.0', () => {
    // Prepare
    const query = { _d: 'usergroups/5', ajax_custom: '1' };
    // Act
    const parsed = parseApiPath('/api.php', query);
    // Assess
    expect(parsed).toEqual({ version: '1.0', segments: ['usergroups', '5'] });
  });

  it('ignores a trailing slash', () => {
    // Prepare
    const withSlash = '/api/2.0/usergroups/7/';
    // Act
    const parsed = parseApiPath(withSlash, {});
    // Assess
    expect(parsed).toEqual(parseApiPath('/api/2.0/usergroups/7', {}));
    expect(parsed.segments).toEqual(['usergroups', '7']);
  });

  it('answers 404 for an empty segment (//)', () => {
    // Prepare
    const path = '/api/users//5';
    // Act + Assess
    expect404(() => parseApiPath(path, {}));
  });

  it('answers 404 for the api.php form without _d', () => {
    // Prepare
    const query = { ajax_custom: '1' };
    // Act + Assess
    expect404(() => parseApiPath('/api.php', query));
  });

  it('answers 404 for a path that is not under /api', () => {
    // Prepare
    const path = '/users/5';
    // Act + Assess
    expect404(() => parseApiPath(path, {}));
  });

  it('percent-decodes the segments', () => {
    // Prepare
    const path = '/api/us%65rs/%35';
    // Act
    const parsed = parseApiPath(path, {});
    // Assess
    expect(parsed.segments).toEqual(['users', '5']);
  });

  it('answers 404 for bad percent-encoding', () => {
    // Prepare
    const path = '/api/users/%E0%A4%A';
    // Act + Assess
    expect404(() => parseApiPath(path, {}));
  });

  it('decodes a path segment once: %25zz is the id "%zz", %25 is "%" (no second decoding, no 404 of its own)', () => {
    expect(parseApiPath('/api/product_variations_groups/%25zz', {}).segments).toEqual([
      'product_variations_groups',
      '%zz',
    ]);
    expect(parseApiPath('/api/2.0/carts/%25', {}).segments).toEqual(['carts', '%']);
    expect(parseApiPath('/api/pages/%2525', {}).segments).toEqual(['pages', '%25']);
  });

  it("takes the api.php form's _d as the query parser decoded it (a query value is not decoded twice)", () => {
    expect(parseApiPath('/api.php', { _d: 'carts/%', ajax_custom: '1' }).segments).toEqual(['carts', '%']);
    expect(parseApiPath('/api.php', { _d: '2.0/product_variations_groups/%zz' })).toEqual({
      version: '2.0',
      segments: ['product_variations_groups', '%zz'],
    });
    expect(parseApiPath('/api.php', { _d: 'pages/%25' }).segments).toEqual(['pages', '%25']);
  });

  it('accepts a stage prefix before /api', () => {
    // Prepare
    const path = '/dev/api/users';
    // Act
    const parsed = parseApiPath(path, {});
    // Assess
    expect(parsed).toEqual({ version: '1.0', segments: ['users'] });
  });

  it('accepts a stage prefix before /api.php', () => {
    // Prepare
    const query = { _d: 'usergroups' };
    // Act
    const parsed = parseApiPath('/dev/api.php', query);
    // Assess
    expect(parsed).toEqual({ version: '1.0', segments: ['usergroups'] });
  });
});
