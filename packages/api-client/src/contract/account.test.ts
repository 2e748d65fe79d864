import { describe, expect, it } from 'vitest';
import {
  login,
  PASSWORD_FORMAT_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  passwordSchema,
  register,
  verification,
} from './account.ts';
import { recharge } from './app.ts';
import { contract } from './index.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('account contract', () => {
  it('puts every account call under contract.account with a unique method and path', () => {
    const keys = Object.values(contract).flatMap((area) =>
      Object.values(area).map((d) => `${d.method} ${d.path}`),
    );
    expect(new Set(keys).size).toBe(keys.length);
    for (const name of [
      'login',
      'register',
      'verification',
      'resetPassword',
      'modifyPassword',
      'logout',
      'refreshToken',
      'recharge',
      'manifestProperty',
      'appPropertyQuery',
      'scanCode',
      'urvQuery',
      'contractQuery',
      'contractDetail',
      'contractSign',
      'scanCodeInfo',
      'quickLoginToken',
      'scanCodeLogin',
      'userInfo',
      'planList',
      'visitorLogin',
    ]) {
      expect(contract.account).toHaveProperty(name);
    }
  });

  it('uses the paths of spec §7', () => {
    expect(contract.account.login.path).toBe('/api/account/login/v3');
    expect(contract.account.modifyPassword.path).toBe('/api/v2/account/password/modify');
    expect(contract.account.quickLoginToken.path).toBe('/api/v2/account/scan/code/quick-login-token/query');
    expect(contract.account.urvQuery.path).toBe('/api/account/v3model/urv/query/v1');
  });

  it('checks passwords with the messages of spec §5', () => {
    expect(passwordSchema.safeParse('abc123').success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(16)).success).toBe(true);
    expect(messages(passwordSchema.safeParse('abc12'))).toContain(PASSWORD_LENGTH_MESSAGE);
    expect(messages(passwordSchema.safeParse('a'.repeat(17)))).toContain(PASSWORD_LENGTH_MESSAGE);
    expect(messages(passwordSchema.safeParse(' abcdef'))).toContain(PASSWORD_FORMAT_MESSAGE);
    expect(messages(passwordSchema.safeParse('abc\u0000def'))).toContain(PASSWORD_FORMAT_MESSAGE);
  });

  it('takes exactly one of email or phone (with its country code)', () => {
    const ok = (v: object) => verification.request.safeParse({ purpose: 'register', ...v }).success;
    expect(ok({ email: 'a@example.com' })).toBe(true);
    expect(ok({ phonePreCode: '+351', phone: '912345678' })).toBe(true);
    expect(ok({})).toBe(false);
    expect(ok({ email: 'a@example.com', phonePreCode: '+1', phone: '5550100' })).toBe(false);
    expect(ok({ phone: '5550100' })).toBe(false);
    expect(ok({ email: 'nope' })).toBe(false);
  });

  it('wants a 4-digit code and the authenticationKey to register', () => {
    const body = (code: string) => ({
      registerInfo: { email: 'a@example.com', password: 'abc123', verificationCode: code },
      authenticationKey: 'k'.repeat(32),
    });
    expect(register.request.safeParse(body('0421')).success).toBe(true);
    expect(register.request.safeParse(body('421')).success).toBe(false);
    expect(register.request.safeParse(body('04215')).success).toBe(false);
  });

  it('rejects unknown fields (strict bodies)', () => {
    expect(
      login.request.safeParse({ loginInfo: { email: 'a@b.io', password: 'x' }, admin: true }).success,
    ).toBe(false);
  });

  it('wants exactly 16 digits for a recharge code', () => {
    const ok = (code: string) =>
      recharge.request.safeParse({ rechargeCodePassword: code, virtualCode: '1' }).success;
    expect(ok('1234567890123456')).toBe(true);
    expect(ok('123456789012345')).toBe(false);
    expect(ok('1234 5678 9012 3456')).toBe(false);
  });
});
