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

  describe('a storefront token in each spelling CS-Cart accepts (SPEC §4)', () => {
    const token = '0123456789abcdef0123456789abcdef';

    it.each([
      ['base64(<token>:)', `Basic ${b64(`${token}:`)}`],
      ['base64(<token>)', `Basic ${b64(token)}`],
      ['base64(<token>): (the colon outside, as the mobile app sends it)', `Basic ${b64(token)}:`],
      ['base64(<token>:): with a lower-case scheme', `basic ${b64(`${token}:`)}:`],
    ])('reads %s as the token with an empty key', (_spelling, header) => {
      // Act + Assess
      expect(parseBasicAuthorization(header)).toEqual({ email: token, key: '' });
    });

    it('reads e-mail credentials with the colon outside the base64 as they are', () => {
      // Act + Assess
      expect(parseBasicAuthorization(`Basic ${b64('a@b.co:key')}:`)).toEqual({ email: 'a@b.co', key: 'key' });
    });

    it.each([`Basic ${b64(token)}::`, `Basic ${b64('short')}`, `Basic ${b64(`${token}!`)}`])(
      'still rejects what is no token (%j)',
      (header) => {
        // Act + Assess
        expect(parseBasicAuthorization(header)).toBeUndefined();
      },
    );
  });
});
