import { describe, expect, it } from 'vitest';
import { frameAncestors, parseFrameAncestors, withFrameAncestors } from './securityHeaders.ts';

describe('frame-ancestors', () => {
  it("is 'none' unless the operator lists origins, and always 'none' on account pages", () => {
    expect(frameAncestors('/home', [])).toBe("'none'");
    expect(frameAncestors('/home', ['https://partner.example'])).toBe('https://partner.example');
    for (const p of ['/my', '/my/scan', '/login', '/member']) {
      expect(frameAncestors(p, ['https://partner.example'])).toBe("'none'");
    }
    expect(frameAncestors('/mystery', ['https://partner.example'])).toBe('https://partner.example');
  });

  it('takes origins only', () => {
    expect(parseFrameAncestors(" https://a.example  'self' http://b.example:8080 ")).toEqual([
      'https://a.example',
      "'self'",
      'http://b.example:8080',
    ]);
    expect(parseFrameAncestors(undefined)).toEqual([]);
    for (const bad of [
      '*',
      'https://a.example/path',
      'javascript:alert(1)',
      'https://a.example;script-src',
    ]) {
      expect(() => parseFrameAncestors(bad)).toThrow(/origins/);
    }
  });

  it("is added to Astro's policy, or to the baseline", () => {
    expect(withFrameAncestors("default-src 'self';script-src 'self';", "'none'")).toBe(
      "default-src 'self';script-src 'self'; frame-ancestors 'none'",
    );
    expect(withFrameAncestors(undefined, "'none'")).toBe(
      "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(withFrameAncestors("default-src 'none'; frame-ancestors 'self'", "'none'")).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
  });
});
