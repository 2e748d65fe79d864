import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleRechargeCodeLength } from '../fixtures/fixtures.ts';
import { PurchaseDialog } from './PurchaseDialog.tsx';
import type { PurchasePlan, PurchaseSetting } from './purchaseRules.ts';

const plan = (
  id: string,
  name: string,
  price: number,
  currency: string,
  discountPrice = 0,
): PurchasePlan => ({
  planId: id,
  url: `https://member.example/plans/${id}`,
  price,
  currency,
  discountPrice,
  discountCurrency: currency,
  planLang: [
    { lang: 'en', planName: name, description: `${name}: every live channel and the whole catalogue.` },
  ],
});
const plans = [
  plan('m', 'Monthly', 9.9, 'USD'),
  plan('q', 'Quarterly', 27, 'USD', 24.9),
  plan('y', 'Yearly', 99, 'USD', 79),
];
const all: PurchaseSetting = {
  supportRechargeCode: true,
  supportPurchaseInfo: true,
  rechargeGuide: 'Recharge cards are sold at partner shops.',
  howToRecharge: `Scratch the card and type the ${sampleRechargeCodeLength} digits below.`,
  qrCodeType: 'eachPlan',
};

const meta = {
  title: 'Account/PurchaseDialog',
  component: PurchaseDialog,
  args: {
    open: true,
    onClose: fn(),
    memberSiteUrl: 'https://member.example',
    setting: all,
    plans,
    onChoosePlan: fn(),
    onOpenMemberSite: fn(),
    // The site passes the contract's RECHARGE_CODE_LENGTH.
    rechargeCodeLength: sampleRechargeCodeLength,
    onRecharge: fn(),
  },
} satisfies Meta<typeof PurchaseDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const ThreePlansWide: Story = {};
export const TwoPlansNarrow: Story = { args: { plans: plans.slice(0, 2) } };
export const Brazil: Story = {
  args: { plans: [plan('b', 'Mensal', 29.9, 'BRL', 19.9), plan('p', 'Peru', 25, 'PEN')] },
};
/** Prices in the viewer's language and each plan's currency: no bare "$" for the Mexican plan. */
export const MixedCurrenciesInSpanish: Story = {
  args: {
    lang: 'es',
    plans: [
      plan('m', 'Monthly', 9.99, 'USD'),
      plan('s', 'Sports', 89, 'MXN'),
      plan('b', 'Anual', 299.9, 'BRL', 249.9),
    ],
  },
};
export const RechargeCodeOnly: Story = {
  args: { memberSiteUrl: '', setting: { ...all, supportPurchaseInfo: false } },
};
export const NoPaymentMethod: Story = {
  args: { memberSiteUrl: '', setting: { ...all, supportRechargeCode: false, supportPurchaseInfo: false } },
};
