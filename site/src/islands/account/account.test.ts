import { ErrCode } from '@ottkit/api-client';
import { BusinessError } from '@ottkit/api-client';
import { purchaseDialogView } from '@ottkit/ui';
import { describe, expect, it } from 'vitest';
import { createT } from '../../i18n/index.ts';
import { errorText, parseAddress, safeRedirect } from './accountActions.ts';
import { scrolledToBottom } from './TermsDialog.tsx';

describe('login helpers', () => {
  it('goes back only to a path of this site', () => {
    expect(safeRedirect('/my/plan?x=1')).toBe('/my/plan?x=1');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('//evil.example/')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
    expect(safeRedirect('/login?redirect=/x')).toBe('/home');
  });
  it('refuses every open-redirect trick (issue #21.5), as the browser would read the target', () => {
    const attacks = [
      '/\t/example.com',
      '/\n/example.com',
      '/\r/example.com',
      '/\t\t/example.com',
      '\t//example.com',
      '//example.com',
      '///example.com',
      '/\\example.com',
      '\\/example.com',
      '/\\/example.com',
      'https:example.com',
      'https://example.com',
      'javascript:alert(1)',
      ' //example.com',
      '/\u0000/example.com',
      '%2F%2Fexample.com',
      '/%09/example.com'.replace('%09', '\t'),
      decodeURIComponent('%2F%09%2Fexample.com'),
      decodeURIComponent('%2F%0A%2Fexample.com'),
      decodeURIComponent('%2F%0D%2Fexample.com'),
      decodeURIComponent('%2F%2Fexample.com'),
      decodeURIComponent('%2F%5Cexample.com'),
      '/login',
      '',
    ];
    for (const raw of attacks) {
      const target = safeRedirect(raw);
      expect(new URL(target, 'https://site.test').origin, JSON.stringify(raw)).toBe('https://site.test');
      expect(target, JSON.stringify(raw)).toMatch(/^\/(?![/\\])/);
    }
    expect(safeRedirect(decodeURIComponent('%2F%09%2Fexample.com'))).toBe('/home');
    expect(safeRedirect('/vod/detail/m-001?dataType=1#cast')).toBe('/vod/detail/m-001?dataType=1#cast');
    expect(safeRedirect('/%2F/example.com')).toBe('/%2F/example.com');
  });
  it('reads an email or a phone number with its country code', () => {
    expect(parseAddress('me@example.com', '+1')).toEqual({ ok: true, value: { email: 'me@example.com' } });
    expect(parseAddress('612 345-678', '+34')).toEqual({
      ok: true,
      value: { phonePreCode: '+34', phone: '612345678' },
    });
    expect(parseAddress('me@', '+1')).toEqual({ ok: false, key: 'account.error.email' });
    expect(parseAddress('12', '+1')).toEqual({ ok: false, key: 'account.error.phone' });
  });
  it('shows the spec text for a wrong code and the server message otherwise', () => {
    const t = createT('en');
    const wrong = new BusinessError('whatever', ErrCode.WRONG_VERIFICATION_CODE, '/x');
    expect(errorText(wrong, t)).toBe('Wrong Verification code or No Verification code');
    expect(errorText(new BusinessError('Try again in 30 s', ErrCode.TOO_MANY_ATTEMPTS, '/x'), t)).toBe(
      'Try again in 30 s',
    );
    expect(errorText(new Error('boom'), t)).toBe('Something went wrong. Please try again.');
  });
  it('terms count as read only at the bottom of the box', () => {
    expect(scrolledToBottom({ scrollTop: 0, clientHeight: 160, scrollHeight: 600 })).toBe(false);
    expect(scrolledToBottom({ scrollTop: 440, clientHeight: 160, scrollHeight: 600 })).toBe(true);
    expect(scrolledToBottom({ scrollTop: 0, clientHeight: 160, scrollHeight: 100 })).toBe(true);
  });
});

describe('purchase dialog with the app configuration (spec §5)', () => {
  const setting = {
    supportRechargeCode: true,
    supportPurchaseInfo: true,
    rechargeGuide: 'Buy a card',
    howToRecharge: '',
    qrCodeType: 'eachPlan' as const,
  };
  const plan = (planId: string) => ({
    planId,
    url: '',
    price: 1,
    currency: 'USD',
    discountPrice: 0,
    discountCurrency: 'USD',
    planLang: [],
  });
  it('no member site: recharge box and guide only; 700 px with up to 2 plans', () => {
    const v = purchaseDialogView({ memberSiteUrl: '', setting, plans: [plan('a'), plan('b')] });
    expect(v).toMatchObject({
      noPaymentMethod: false,
      showRechargeCode: true,
      showGuide: true,
      showPlans: false,
    });
    expect(v.width).toBe(700);
  });
  it('a member site and more than 2 plans: cards, 1036 px', () => {
    const v = purchaseDialogView({
      memberSiteUrl: '/member',
      setting,
      plans: [plan('a'), plan('b'), plan('c')],
    });
    expect(v).toMatchObject({ showPlans: true, width: 1036 });
  });
  it('nothing to pay with: the no-payment-method message', () => {
    const off = { ...setting, supportRechargeCode: false, supportPurchaseInfo: false };
    expect(purchaseDialogView({ memberSiteUrl: '', setting: off, plans: [] }).noPaymentMethod).toBe(true);
  });
});
