// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleRechargeCodeLength } from '../fixtures/fixtures.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import {
  CURRENCY_SYMBOLS,
  formatPrice,
  type PurchasePlan,
  type PurchaseSetting,
  planPrice,
  planText,
  purchaseDialogView,
} from './purchaseRules.ts';

afterEach(cleanup);

const plan = (id: string, price = 9.9, discountPrice = 0): PurchasePlan => ({
  planId: id,
  url: `https://member.example/plans/${id}`,
  price,
  currency: 'USD',
  discountPrice,
  discountCurrency: 'USD',
  planLang: [
    { lang: 'en', planName: `Plan ${id}`, description: `About ${id}` },
    { lang: 'es', planName: `Plan ${id} ES`, description: '' },
  ],
});
const none: PurchaseSetting = {
  supportRechargeCode: false,
  supportPurchaseInfo: false,
  rechargeGuide: '',
  howToRecharge: '',
  qrCodeType: 'eachPlan',
};
const site = 'https://member.example';

describe('purchaseDialogView (spec §5)', () => {
  it('no member site, recharge code or purchase info → the no-payment-method message only', () => {
    const view = purchaseDialogView({
      memberSiteUrl: '',
      setting: { ...none, rechargeGuide: 'x' },
      plans: [plan('a')],
    });
    expect(view).toMatchObject({
      noPaymentMethod: true,
      showRechargeCode: false,
      showGuide: false,
      showPlans: false,
    });
  });
  it('the recharge box only with supportRechargeCode', () => {
    expect(
      purchaseDialogView({ memberSiteUrl: '', setting: { ...none, supportRechargeCode: true }, plans: [] }),
    ).toMatchObject({ noPaymentMethod: false, showRechargeCode: true });
    expect(purchaseDialogView({ memberSiteUrl: site, setting: none, plans: [] }).showRechargeCode).toBe(
      false,
    );
  });
  it('the guide only with supportPurchaseInfo and a guide', () => {
    const info = { ...none, supportPurchaseInfo: true };
    expect(purchaseDialogView({ memberSiteUrl: '', setting: info, plans: [] })).toMatchObject({
      noPaymentMethod: false,
      showGuide: false,
    });
    expect(
      purchaseDialogView({ memberSiteUrl: '', setting: { ...info, howToRecharge: 'Buy a card' }, plans: [] })
        .showGuide,
    ).toBe(true);
    expect(
      purchaseDialogView({ memberSiteUrl: '', setting: { ...none, rechargeGuide: 'g' }, plans: [] })
        .showGuide,
    ).toBe(false);
  });
  it('plan cards only with a member site, qrCodeType eachPlan and plans', () => {
    const plans = [plan('a')];
    expect(purchaseDialogView({ memberSiteUrl: site, setting: none, plans }).showPlans).toBe(true);
    expect(
      purchaseDialogView({ memberSiteUrl: '', setting: { ...none, supportRechargeCode: true }, plans })
        .showPlans,
    ).toBe(false);
    const single = purchaseDialogView({
      memberSiteUrl: site,
      setting: { ...none, qrCodeType: 'single' },
      plans,
    });
    expect(single).toMatchObject({ showPlans: false, showMemberSiteLink: true });
    expect(purchaseDialogView({ memberSiteUrl: site, setting: none, plans: [] }).showPlans).toBe(false);
  });
  it('is 1036 px wide with more than 2 plans, else 700 px', () => {
    expect(
      purchaseDialogView({ memberSiteUrl: site, setting: none, plans: [plan('a'), plan('b')] }).width,
    ).toBe(700);
    expect(
      purchaseDialogView({ memberSiteUrl: site, setting: none, plans: [plan('a'), plan('b'), plan('c')] })
        .width,
    ).toBe(1036);
  });
});

describe('prices', () => {
  it('has a symbol for each currency of spec §9', () => {
    expect(Object.keys(CURRENCY_SYMBOLS).sort()).toEqual(
      ['USD', 'BRL', 'ARS', 'CLP', 'COP', 'MXN', 'PEN', 'UYU', 'ZAR', 'PHP'].sort(),
    );
    // Intl's spacing is a no-break space; compare with plain spaces.
    const price = (amount: number, currency: string, locale?: string) =>
      formatPrice(amount, currency, locale).replace(/\s/g, ' ');
    expect(price(9.9, 'USD')).toBe('$9.90');
    expect(price(49.9, 'BRL')).toBe('R$49.90');
    expect(price(25, 'PEN')).toBe('S/ 25.00');
    expect(price(300, 'UYU')).toBe('$U 300.00');
    expect(price(99, 'ZAR')).toBe('R 99.00');
    expect(price(250, 'PHP')).toBe('₱250.00');
    expect(price(5, 'EUR')).toBe('€5.00');
  });
  it('formats for the language and never shows another currency as a bare $', () => {
    const price = (amount: number, currency: string, locale?: string) =>
      formatPrice(amount, currency, locale).replace(/\s/g, ' ');
    expect(price(89, 'MXN', 'en')).toBe('MX$89.00');
    expect(price(89, 'MXN', 'es')).toBe('89,00 MXN');
    expect(price(9.99, 'USD', 'es')).toBe('9,99 US$');
    expect(price(299.9, 'BRL', 'pt')).toBe('R$ 299,90');
    expect(price(5990, 'CLP', 'en')).toBe('CLP 5,990');
    expect(price(5990, 'CLP', 'pt')).toBe('CLP 5.990');
    for (const c of ['ARS', 'CLP', 'COP', 'MXN', 'UYU'])
      expect(formatPrice(10, c, 'en')).not.toMatch(/^\$\d/);
    expect(formatPrice(1, 'NOT-A-CODE', 'en')).toBe('NOT-A-CODE 1.00');
  });
  it('shows a discount with the original price', () => {
    expect(planPrice(plan('a', 10, 7.5))).toEqual({ current: '$7.50', original: '$10.00' });
    expect(planPrice(plan('a', 10, 0))).toEqual({ current: '$10.00', original: null });
    expect(planPrice(plan('a', 10, 12))).toEqual({ current: '$10.00', original: null });
  });
  it('names the plan in the language, else English', () => {
    expect(planText(plan('a'), 'es').planName).toBe('Plan a ES');
    expect(planText(plan('a'), 'pt').planName).toBe('Plan a');
  });
});

describe('PurchaseDialog', () => {
  it('shows the no-payment-method message', () => {
    render(
      <PurchaseDialog
        open
        onClose={() => {}}
        memberSiteUrl=""
        setting={none}
        plans={[]}
        rechargeCodeLength={sampleRechargeCodeLength}
      />,
    );
    expect(
      screen.getByText('No payment method is available. Please contact your service provider.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows plan cards with prices and discounts, is wide above 2 plans, and reports the chosen plan', () => {
    const onChoosePlan = vi.fn();
    const plans = [plan('a'), plan('b', 20, 15), plan('c')];
    render(
      <PurchaseDialog
        open
        onClose={() => {}}
        memberSiteUrl={site}
        setting={none}
        plans={plans}
        rechargeCodeLength={sampleRechargeCodeLength}
        onChoosePlan={onChoosePlan}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Purchase' });
    expect(dialog.style.getPropertyValue('--ok-dialog-width')).toBe('1036px');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('$15.00')).toBeTruthy();
    expect(screen.getByText('Was $20.00')).toBeTruthy();
    screen.getByRole('button', { name: 'Buy Plan b' }).click();
    expect(onChoosePlan).toHaveBeenCalledWith(plans[1]);
  });

  it('shows the recharge box and the guide as text, and recharges with the length it is given', () => {
    const onRecharge = vi.fn();
    render(
      <PurchaseDialog
        open
        onClose={() => {}}
        memberSiteUrl=""
        setting={{
          ...none,
          supportRechargeCode: true,
          supportPurchaseInfo: true,
          howToRecharge: '<b>Buy</b> a card',
        }}
        plans={[plan('a')]}
        rechargeCodeLength={12}
        onRecharge={onRecharge}
      />,
    );
    expect(screen.getByRole('dialog').style.getPropertyValue('--ok-dialog-width')).toBe('700px');
    expect(screen.getByText('<b>Buy</b> a card')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    const field = screen.getByRole('textbox', { name: 'Recharge code' }) as HTMLInputElement;
    expect(field.placeholder).toBe('Enter the 12-digit recharge code');
    fireEvent.change(field, { target: { value: '1234567890123456' } });
    expect(field.value).toBe('123456789012');
    screen.getByRole('button', { name: 'Confirm' }).click();
    expect(onRecharge).toHaveBeenCalledWith('123456789012');
  });

  it('renders a guide address as a link that opens safely', () => {
    render(
      <PurchaseDialog
        open
        onClose={() => {}}
        memberSiteUrl=""
        setting={{ ...none, supportPurchaseInfo: true, rechargeGuide: 'https://help.example/recharge' }}
        plans={[]}
        rechargeCodeLength={sampleRechargeCodeLength}
      />,
    );
    const link = screen.getByRole('link', { name: 'https://help.example/recharge' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
