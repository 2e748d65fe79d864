import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientIp, requestLang } from '../src/http/api.ts';

const req = (headers: Record<string, string>, remoteAddress = '::ffff:10.0.0.9') =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('caller address', () => {
  it('is the socket peer unless the proxy is trusted', () => {
    expect(clientIp(req({ 'x-forwarded-for': '1.2.3.4' }), false)).toBe('10.0.0.9');
  });

  it("behind a trusted proxy is the last X-Forwarded-For entry (the one the proxy added), not the client's claim", () => {
    expect(clientIp(req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }), true)).toBe('203.0.113.7');
    expect(clientIp(req({}), true)).toBe('10.0.0.9');
  });
});

describe('lang header', () => {
  it('accepts language tags and falls back to en', () => {
    expect(requestLang(req({ lang: 'pt' }))).toBe('pt');
    expect(requestLang(req({ lang: 'es-MX' }))).toBe('es-MX');
    expect(requestLang(req({ lang: '<script>' }))).toBe('en');
    expect(requestLang(req({}))).toBe('en');
  });
});
