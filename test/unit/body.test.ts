import { afterEach, describe, expect, it } from 'vitest';
import { decodeBody, MAX_BODY_BYTES, mediaType, parseForm } from '../../lib/http/body.js';
import { HttpError } from '../../lib/http/http-errors.js';
import { thrownBy } from '../support/thrown.js';

const httpErrorOf = (act: () => unknown): HttpError => thrownBy(HttpError, act);

describe('mediaType', () => {
  it('drops parameters and lower-cases', () => {
    // Act
    const type = mediaType('Application/JSON; charset=UTF-8');
    // Assess
    expect(type).toBe('application/json');
  });

  it('treats a missing or empty header as text/plain', () => {
    // Act + Assess
    expect(mediaType(undefined)).toBe('text/plain');
    expect(mediaType('')).toBe('text/plain');
  });
});

describe('decodeBody: JSON', () => {
  it('decodes a JSON object', () => {
    // Prepare
    const raw = '{"type":"C","status":"A","usergroup":"Wholesale"}';
    // Act
    const body = decodeBody(raw, false, 'application/json');
    // Assess
    expect(body).toEqual({ type: 'C', status: 'A', usergroup: 'Wholesale' });
  });

  it('ignores Content-Type parameters such as charset', () => {
    // Prepare
    const raw = '{"status":"H"}';
    // Act
    const body = decodeBody(raw, false, 'application/json; charset=utf-8');
    // Assess
    expect(body).toEqual({ status: 'H' });
  });

  it.each(['{"type":', '{type: "A"}', "{'a':1}", 'type=A'])(
    'malformed JSON %j is 400 "Syntax error, malformed JSON"',
    (raw) => {
      // Act
      const error = httpErrorOf(() => decodeBody(raw, false, 'application/json'));
      // Assess
      expect(error.status).toBe(400);
      expect(error.message).toBe('Bad Request: Syntax error, malformed JSON');
    },
  );

  it.each(['[{"type":"A"}]', '42', 'null', '"text"', 'true'])(
    'JSON that is not an object (%s) is 400 malformed',
    (raw) => {
      // Act
      const error = httpErrorOf(() => decodeBody(raw, false, 'application/json'));
      // Assess
      expect(error.status).toBe(400);
      expect(error.message).toBe('Bad Request: Syntax error, malformed JSON');
    },
  );

  it.each(['', '   \n\t', '{}', ' { } '])('body %j is 400 "Missing parameters"', (raw) => {
    // Act
    const error = httpErrorOf(() => decodeBody(raw, false, 'application/json'));
    // Assess
    expect(error.status).toBe(400);
    expect(error.message).toBe('Bad Request: Missing parameters');
  });

  it('a null body is 400 "Missing parameters"', () => {
    // Act
    const error = httpErrorOf(() => decodeBody(null, false, 'application/json'));
    // Assess
    expect(error.status).toBe(400);
    expect(error.detail).toBe('Missing parameters');
  });

  it('keeps a "__proto__" JSON key as data without polluting Object.prototype', () => {
    // Prepare
    const raw = '{"__proto__":{"polluted":"yes"},"status":"A"}';
    // Act
    const body = decodeBody(raw, false, 'application/json');
    // Assess
    expect(body.status).toBe('A');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('decodeBody: form encoding', () => {
  it('decodes key=value pairs when there is no Content-Type (text/plain is the default)', () => {
    // Prepare
    const raw = 'type=C&status=A';
    // Act
    const body = decodeBody(raw, false, undefined);
    // Assess
    expect({ ...body }).toEqual({ type: 'C', status: 'A' });
  });

  it('decodes a JSON text without the header to one nonsense key, not to its fields', () => {
    // Prepare
    const raw = '{"type":"C","status":"A"}';
    // Act
    const body = decodeBody(raw, false, undefined);
    // Assess
    expect(Object.keys(body)).toEqual(['{"type":"C","status":"A"}']);
    expect(body.type).toBeUndefined();
    expect(body.status).toBeUndefined();
  });

  it.each(['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded'])(
    'decodes %s as a form',
    (type) => {
      // Prepare
      const raw = 'usergroup=Big+Buyers&status=H';
      // Act
      const body = decodeBody(raw, false, type);
      // Assess
      expect({ ...body }).toEqual({ usergroup: 'Big Buyers', status: 'H' });
    },
  );

  it('a form body with only separators is 400 "Missing parameters"', () => {
    // Act
    const error = httpErrorOf(() => decodeBody('&&', false, 'text/plain'));
    // Assess
    expect(error.status).toBe(400);
    expect(error.detail).toBe('Missing parameters');
  });
});

describe('decodeBody: media types and sizes', () => {
  it.each(['application/xml', 'multipart/form-data; boundary=x', 'application/json-patch+json', 'text/html'])(
    '%s is 415',
    (type) => {
      // Act
      const error = httpErrorOf(() => decodeBody('<a/>', false, type));
      // Assess
      expect(error.status).toBe(415);
      expect(error.message).toBe('Unsupported Media Type');
    },
  );

  it('a body over 1 MiB is 413', () => {
    // Prepare
    const raw = `{"usergroup":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
    // Act
    const error = httpErrorOf(() => decodeBody(raw, false, 'application/json'));
    // Assess
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
    expect(error.status).toBe(413);
  });

  it('counts bytes, not characters, against the limit', () => {
    // Prepare: 600 Ki three-byte characters are under 1 Mi characters but over 1 MiB
    const raw = `usergroup=${'€'.repeat(600 * 1024)}`;
    // Act
    const error = httpErrorOf(() => decodeBody(raw, false, 'text/plain'));
    // Assess
    expect(error.status).toBe(413);
  });

  it('a body of exactly 1 MiB is accepted', () => {
    // Prepare
    const prefix = 'usergroup=';
    const raw = prefix + 'x'.repeat(MAX_BODY_BYTES - prefix.length);
    // Act
    const body = decodeBody(raw, false, 'text/plain');
    // Assess
    expect((body.usergroup as string).length).toBe(MAX_BODY_BYTES - prefix.length);
  });

  it('an oversized body is 413 even with an unsupported type (size is judged first)', () => {
    // Prepare
    const raw = 'x'.repeat(MAX_BODY_BYTES + 1);
    // Act
    const error = httpErrorOf(() => decodeBody(raw, false, 'application/xml'));
    // Assess
    expect(error.status).toBe(413);
  });

  it('decodes a base64-encoded JSON body', () => {
    // Prepare
    const raw = Buffer.from('{"usergroup":"Größe","status":"A"}', 'utf8').toString('base64');
    // Act
    const body = decodeBody(raw, true, 'application/json');
    // Assess
    expect(body).toEqual({ usergroup: 'Größe', status: 'A' });
  });

  it('decodes a base64-encoded form body', () => {
    // Prepare
    const raw = Buffer.from('type=A&status=D', 'utf8').toString('base64');
    // Act
    const body = decodeBody(raw, true, undefined);
    // Assess
    expect({ ...body }).toEqual({ type: 'A', status: 'D' });
  });

  it('measures a base64 body by its decoded size', () => {
    // Prepare: the base64 text is over 1 MiB, the decoded body is not
    const decoded = 'usergroup=' + 'y'.repeat(900 * 1024);
    const raw = Buffer.from(decoded, 'utf8').toString('base64');
    // Act
    const body = decodeBody(raw, true, 'text/plain');
    // Assess
    expect(raw.length).toBeGreaterThan(MAX_BODY_BYTES);
    expect((body.usergroup as string).length).toBe(900 * 1024);
  });
});

describe('parseForm', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).polluted;
  });

  it('reads + as a space', () => {
    // Act
    const body = parseForm('usergroup=Gold+members');
    // Assess
    expect(body.usergroup).toBe('Gold members');
  });

  it('percent-decodes keys and values', () => {
    // Act
    const body = parseForm('user%67roup=a%26b%3Dc%2Bd&email=x%40example.com');
    // Assess
    expect({ ...body }).toEqual({ usergroup: 'a&b=c+d', email: 'x@example.com' });
  });

  it('keeps the last value of a repeated key', () => {
    // Act
    const body = parseForm('status=A&status=H&status=D');
    // Assess
    expect(body.status).toBe('D');
  });

  it('collects key[] into an array, in order', () => {
    // Act
    const body = parseForm('a[]=1&a[]=2&a%5B%5D=3');
    // Assess
    expect(body.a).toEqual(['1', '2', '3']);
  });

  it('reads a key without = as an empty value', () => {
    // Act
    const body = parseForm('flag&status=A');
    // Assess
    expect({ ...body }).toEqual({ flag: '', status: 'A' });
  });

  it('keeps a stray % literally', () => {
    // Act
    const body = parseForm('usergroup=100%');
    // Assess
    expect(body.usergroup).toBe('100%');
  });

  it('still decodes the valid %XX escapes of a value that also holds a stray %', () => {
    // Prepare: the ordinary form rules (WHATWG urlencoded parser, PHP parse_str) decode each valid escape
    const raw = 'usergroup=Caf%C3%A9+100%';
    // Act
    const body = parseForm(raw);
    // Assess
    expect(new URLSearchParams(raw).get('usergroup')).toBe('Café 100%');
    expect(body.usergroup).toBe('Café 100%');
  });

  it('treats a __proto__ key as plain data and does not pollute Object.prototype', () => {
    // Prepare
    const raw = '__proto__=x&__proto__[polluted]=yes&constructor=y&status=A';
    // Act
    const body = parseForm(raw);
    // Assess
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(body.__proto__).toBe('x');
    expect(body.constructor).toBe('y');
    expect(body.status).toBe('A');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a __proto__[] array key does not pollute Object.prototype', () => {
    // Act
    const body = parseForm('__proto__[]=polluted');
    // Assess
    expect(body.__proto__).toEqual(['polluted']);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
