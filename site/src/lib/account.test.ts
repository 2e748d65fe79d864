import { RECHARGE_CODE_LENGTH, recharge } from '@ottkit/api-client';
import { isRechargeCodeComplete, sanitizeRechargeCode } from '@ottkit/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, INPUT_DEBOUNCE_MS, trimInput } from './debounce.ts';
import { memberSiteLink, memberSiteLogin } from './memberSite.ts';
import { addressKind, validateCode, validateEmail, validatePassword, validatePhone } from './validation.ts';

describe('spec §5 validation', () => {
  it('password: 6-16 characters, else the length text; inner control characters are the format text', () => {
    expect(validatePassword('abc12')).toBe('account.error.passwordLength');
    expect(validatePassword('a'.repeat(17))).toBe('account.error.passwordLength');
    expect(validatePassword('abc123')).toBeNull();
    expect(validatePassword('a'.repeat(16))).toBeNull();
    expect(validatePassword('abc\u0001def')).toBe('account.error.passwordFormat');
    expect(validatePassword(' abcdef')).toBe('account.error.passwordFormat');
  });
  it('email', () => {
    expect(validateEmail('me@example.com')).toBeNull();
    expect(validateEmail('me@')).toBe('account.error.email');
    expect(validateEmail('')).toBe('account.error.email');
  });
  it('phone with country code', () => {
    expect(validatePhone('+34', '612345678')).toBeNull();
    expect(validatePhone('+34', '12')).toBe('account.error.phone');
    expect(validatePhone('0', '612345678')).toBe('account.error.phone');
    expect(validatePhone('+1', '55a5555')).toBe('account.error.phone');
  });
  it('verification code: 4 digits', () => {
    expect(validateCode('1234')).toBeNull();
    expect(validateCode('123')).toBe('account.error.code');
    expect(validateCode('12345')).toBe('account.error.code');
    expect(validateCode('12a4')).toBe('account.error.code');
  });
  it('tells an email from a phone number', () => {
    expect(addressKind('a@b.co')).toBe('email');
    expect(addressKind('612 345 678')).toBe('phone');
  });
  it("recharge code: the kit's entry rule with the contract's length and the wire rule agree", () => {
    // The site uses the kit's rule (@ottkit/ui) with the contract's length; the server checks the contract's
    // schema. They must take and refuse the same codes.
    const wire = (code: string) =>
      recharge.request.safeParse({ rechargeCodePassword: code, virtualCode: '1' }).success;
    const L = RECHARGE_CODE_LENGTH;
    const typings = ['1'.repeat(L - 1), '1'.repeat(L), '1'.repeat(L + 4), '1234-5678-9012-3456', '12ab 34'];
    for (const typed of typings) {
      const code = sanitizeRechargeCode(typed, L);
      expect(isRechargeCodeComplete(code, L), typed).toBe(wire(code));
    }
    expect(isRechargeCodeComplete(sanitizeRechargeCode('1'.repeat(L + 4), L), L)).toBe(true);
  });
});

describe('debounce (300 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('runs once with the last value after 300 ms of quiet', () => {
    const seen: string[] = [];
    const d = debounce((v: string) => seen.push(trimInput(v)));
    d(' a');
    vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 1);
    d(' ab ');
    vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['ab']);
  });
  it('flush runs now; cancel drops', () => {
    const seen: string[] = [];
    const d = debounce((v: string) => seen.push(v));
    d('x');
    d.flush();
    expect(seen).toEqual(['x']);
    d('y');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['x']);
  });
});

describe('member-site link (spec §6)', () => {
  const user = {
    accountId: 'acc-1',
    email: 'me@example.com',
    phone: '612345678',
    phonePreCode: '+34',
    virtualCode: 'VC123',
  };
  it.each([
    [1, 1, 'me@example.com'],
    [2, 2, '+34612345678'],
    [6, 6, 'me@example.com'],
    [7, 8, 'VC123'],
    [8, 8, 'VC123'],
    [13, 8, 'VC123'],
  ])('login method %i is sent as %i with its identifier', (method, sent, id) => {
    expect(memberSiteLogin({ ...user, loginMethod: method })).toEqual({ loginMethod: sent, loginId: id });
  });
  it('carries account id, token, login id and method, app id and language', () => {
    const link = new URL(
      memberSiteLink({
        base: 'https://shop.example/buy?x=1',
        user: { ...user, loginMethod: 13 },
        memberSiteToken: 'tok.sig',
        appId: 'ottkit-demo',
        lang: 'es',
        planId: 'plan-monthly',
      }),
    );
    expect(Object.fromEntries(link.searchParams)).toEqual({
      x: '1',
      accountId: 'acc-1',
      memberSiteToken: 'tok.sig',
      loginId: 'VC123',
      loginMethod: '8',
      appId: 'ottkit-demo',
      lang: 'es',
      planId: 'plan-monthly',
    });
  });
  it('keeps a relative sandbox link relative', () => {
    expect(
      memberSiteLink({
        base: '/member',
        user: { ...user, loginMethod: 1 },
        memberSiteToken: 't',
        appId: 'a',
        lang: 'en',
      }),
    ).toMatch(/^\/member\?accountId=acc-1&/);
  });
});
