import { describe, expect, it } from 'vitest';
import { parseCookies, serializeCookie } from '../../lib/panel/cookies.js';
import { escapeHtml, html, raw } from '../../lib/panel/html.js';
import { panelRequest, securityHeaders } from '../../lib/panel/lambda.js';
import { proxyEvent } from '../support/lambda-event.js';

describe("the panel's HTML template", () => {
  it('escapes every interpolated value, nested templates and raw() excepted', () => {
    // Prepare
    const name = `<script>alert("x")</script>&'`;
    // Act
    const out =
      html`<p title="${name}">${name}${html`<b>${name}</b>`}${raw('<i>ok</i>')}${[1, '<', html`<br>`]}${undefined}${false}</p>`
        .text;
    // Assess
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;';
    expect(out).toBe(`<p title="${escaped}">${escaped}<b>${escaped}</b><i>ok</i>1&lt;<br></p>`);
    expect(escapeHtml('a"b')).toBe('a&quot;b');
  });
});

describe('panel cookies', () => {
  it('are HttpOnly and SameSite=Strict on the panel path, Secure when asked', () => {
    // Act
    const deployed = serializeCookie('panel_session', 'abc_-1', { path: '/prod/admin', maxAge: 60, secure: true });
    const local = serializeCookie('panel_session', 'abc', { path: '/admin', maxAge: 0, secure: false });
    // Assess
    expect(deployed).toBe('panel_session=abc_-1; Path=/prod/admin; Max-Age=60; HttpOnly; SameSite=Strict; Secure');
    expect(local).toBe('panel_session=abc; Path=/admin; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('never carry anything but a token', () => {
    expect(() => serializeCookie('x', 'a;b', { path: '/admin', maxAge: 1, secure: true })).toThrow();
  });

  it('are read from the Cookie header, the first of a repeated name winning', () => {
    expect(parseCookies('a=1; panel_session=tok; b; =x; panel_session=other')).toEqual({
      a: '1',
      panel_session: 'tok',
    });
    expect(parseCookies(undefined)).toEqual({});
  });
});

describe('panelRequest: the API Gateway event as the panel sees it', () => {
  it('finds the stage prefix of an execute-api URL, so links and the cookie path include it', () => {
    // Prepare: API Gateway gives the path without the stage, requestContext.path with it
    const event = proxyEvent('GET', '/admin/users/7/api');
    event.requestContext.path = '/prod/admin/users/7/api';
    // Act
    const request = panelRequest(event, true);
    // Assess
    expect(request.base).toBe('/prod/admin');
    expect(request.subpath).toBe('/users/7/api');
    expect(request.secure).toBe(true);
  });

  it('has no prefix under serverless offline and decodes a base64 form body', () => {
    // Prepare
    const event = proxyEvent('POST', '/admin/login', {
      body: 'email=a%40b.c&password=x',
      base64: true,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    // Act
    const request = panelRequest(event, false);
    // Assess
    expect(request.base).toBe('/admin');
    expect(request.body).toBe('email=a%40b.c&password=x');
    expect(new URLSearchParams(request.body).get('email')).toBe('a@b.c');
  });

  it('security headers forbid scripts, framing and foreign form targets; HSTS only when secure', () => {
    const headers = securityHeaders(true);
    expect(headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(headers['Content-Security-Policy']).toContain("form-action 'self'");
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Content-Security-Policy']).not.toContain('script-src');
    expect(headers['Strict-Transport-Security']).toBeDefined();
    expect(securityHeaders(false)['Strict-Transport-Security']).toBeUndefined();
  });
});
