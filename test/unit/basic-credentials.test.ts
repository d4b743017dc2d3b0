import { describe, expect, it } from 'vitest';
import { parseBasicAuthorization } from '../../lib/auth/basic-credentials.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('parseBasicAuthorization', () => {
  it('reads e-mail and key from a Basic header', () => {
    // Prepare
    const header = `Basic ${b64('admin@example.com:Abc123')}`;
    // Act
    const credentials = parseBasicAuthorization(header);
    // Assess
    expect(credentials).toEqual({ email: 'admin@example.com', key: 'Abc123' });
  });

  it.each(['basic', 'BASIC', 'bAsIc'])('accepts the scheme name spelled %s', (scheme) => {
    // Prepare
    const header = `${scheme} ${b64('a@b.co:key')}`;
    // Act
    const credentials = parseBasicAuthorization(header);
    // Assess
    expect(credentials).toEqual({ email: 'a@b.co', key: 'key' });
  });

  it('splits at the first colon, so a key may contain colons', () => {
    // Prepare
    const header = `Basic ${b64('a@b.co:k:e:y')}`;
    // Act
    const credentials = parseBasicAuthorization(header);
    // Assess
    expect(credentials).toEqual({ email: 'a@b.co', key: 'k:e:y' });
  });

  it('keeps an empty key (it is a decodable attempt that counts)', () => {
    // Prepare
    const header = `Basic ${b64('a@b.co:')}`;
    // Act
    const credentials = parseBasicAuthorization(header);
    // Assess
    expect(credentials).toEqual({ email: 'a@b.co', key: '' });
  });

  it('rejects credentials without a colon', () => {
    // Prepare
    const header = `Basic ${b64('a@b.co')}`;
    // Act + Assess
    expect(parseBasicAuthorization(header)).toBeUndefined();
  });

  it.each([':key', '   :key'])('rejects an empty e-mail (%j)', (decoded) => {
    // Prepare
    const header = `Basic ${b64(decoded)}`;
    // Act + Assess
    expect(parseBasicAuthorization(header)).toBeUndefined();
  });

  it.each(['Basic !!!not base64!!!', 'Basic ', 'Basic', 'Basic a b', 'Bearer abc.def', b64('a@b.co:key')])(
    'rejects the garbage header %j',
    (header) => {
      // Act + Assess
      expect(parseBasicAuthorization(header)).toBeUndefined();
    },
  );

  it('rejects base64 that decodes to bytes without a colon', () => {
    // Prepare
    const header = 'Basic AAAA';
    // Act + Assess
    expect(parseBasicAuthorization(header)).toBeUndefined();
  });

  it.each([undefined, ''])('rejects a missing header (%j)', (header) => {
    // Act + Assess
    expect(parseBasicAuthorization(header)).toBeUndefined();
  });
});
