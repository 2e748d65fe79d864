import type { Plan } from '@ottkit/api-client';
import { describe, expect, it, vi } from 'vitest';
import { createT } from '../i18n/index.ts';

vi.mock('../lib/api.ts', () => ({ browserApi: {} }));
const { rechargeAdded, rechargeAddedText } = await import('./recharge.ts');

const until = Date.UTC(2027, 0, 2, 12);
const plan = {
  planId: 'plan-monthly',
  productId: 'prod-premium',
  durationDays: 30,
  planLang: [
    { lang: 'en', planName: 'Monthly', description: '' },
    { lang: 'es', planName: 'Mensual', description: '' },
    { lang: 'pt', planName: 'Mensal', description: '' },
  ],
} as unknown as Plan;
const result = {
  planId: 'plan-monthly',
  productId: 'prod-premium',
  expiredTs: until,
  userInfo: { subscriptionList: [{ productId: 'prod-premium', expiredTs: until, productName: 'Premium' }] },
};

/** Issue 36: a recharge that worked said nothing on /my/subscribe. */
describe('what a recharge added', () => {
  it('keeps the plan, the product (with its name) and the new end date', () => {
    expect(rechargeAdded(result)).toEqual({
      planId: 'plan-monthly',
      productId: 'prod-premium',
      expiredTs: until,
      productName: 'Premium',
    });
  });

  it('says what was added and until when, in the viewer language', () => {
    const added = rechargeAdded(result);
    expect(rechargeAddedText(createT('en'), 'en', added, [plan])).toMatch(
      /^Code redeemed\. Added: Monthly \(30 days\)\. Your plan now runs until .*2027.*\.$/,
    );
    expect(rechargeAddedText(createT('es'), 'es', added, [plan])).toContain('Mensual (30 días)');
    expect(rechargeAddedText(createT('pt'), 'pt', added, [plan])).toContain('Mensal (30 dias)');
  });

  it('names the product when the plan list is not loaded', () => {
    expect(rechargeAddedText(createT('en'), 'en', rechargeAdded(result), [])).toContain('Added: Premium.');
  });
});
