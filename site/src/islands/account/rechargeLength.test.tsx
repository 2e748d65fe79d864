// @vitest-environment jsdom
import { type AppProperty, DEFAULT_BRAND, type UserInfo } from '@ottkit/api-client';
import { RECHARGE_CODE_LENGTH, rechargeCodeSchema } from '@ottkit/api-client/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { $purchaseData, $purchaseOpen } from '../../stores/purchase.ts';
import MyIsland from './MyIsland.tsx';
import PurchaseHost from './PurchaseHost.tsx';

// The recharge code's length has one definition, the contract's; the kit's recharge box takes it as a prop
// (the kit imports no value of the api-client, DESIGN §2). Both places the site shows the box must pass the
// contract's, so the box completes exactly the codes the redeeming call accepts (issue 38, decision 0388).
const L = RECHARGE_CODE_LENGTH;
/** More digits than a code has, written in groups of four as on a card. */
const digits = '1234567890'.repeat(Math.ceil(L / 10) + 1);
const typed = digits.replace(/(\d{4})(?=\d)/g, '$1-');

const user: UserInfo = {
  accountId: 'acct-1',
  virtualCode: '1000000001',
  email: 'demo@ottkit.test',
  accountName: 'Demo',
  phone: '',
  phonePreCode: '',
  loginMethod: 1,
  loginMethodMapValue: 'demo@ottkit.test',
  freeTrialStatus: 'NOT_START',
  rechargeStatus: 'NOT_RECHARGE',
  subscriptionList: [],
  sessionId: 's-1',
  country: 'US',
  clientIp: '127.0.0.1',
  loginStatus: 'user',
};
const app: AppProperty = {
  appId: 'app',
  businessType: 'liveAndVod',
  visitorMode: false,
  memberSiteUrl: '',
  layoutConfig: {
    play_history_report_interval: 60,
    hide_unsubscribe_channel: false,
    msg_chk_int: 600_000,
    popular_search_switch: true,
    more_like_this_switch: true,
    home_live_layout_switch: true,
    custom_modify_passwd_option: '',
    home_live_category: '',
  },
  purchasePageSetting: {
    url: '',
    supportRechargeCode: true,
    supportPurchaseInfo: false,
    rechargeGuide: '',
    howToRecharge: '',
    qrCodeType: 'eachPlan',
  },
  supportedLanguages: ['en'],
  serviceName: 'ottkit',
  brand: DEFAULT_BRAND,
};

afterEach(() => {
  cleanup();
  // The stores are modules shared with the other files of this worker.
  $purchaseOpen.set(false);
  $purchaseData.set(null);
});

describe("the site gives the kit's recharge box the contract's length", () => {
  it('on /my/subscribe', () => {
    const html = renderToString(<MyIsland section="subscribe" user={user} lang="en" passwordPage="" />);
    expect(html).toContain(`placeholder="Enter the ${L}-digit recharge code"`);
    expect(html).toContain(`0 of ${L} digits`);
  });

  it('in the purchase dialog, whose Confirm takes exactly what the redeeming call accepts', () => {
    $purchaseData.set({ app, plans: [] });
    $purchaseOpen.set(true);
    render(<PurchaseHost />);
    const field = screen.getByRole('textbox', { name: 'Recharge code' }) as HTMLInputElement;
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(field.placeholder).toBe(`Enter the ${L}-digit recharge code`);
    fireEvent.change(field, { target: { value: digits.slice(0, L - 1) } });
    expect(confirm.disabled).toBe(true);
    expect(rechargeCodeSchema.safeParse(field.value).success).toBe(false);
    fireEvent.change(field, { target: { value: typed } });
    expect(field.value).toBe(digits.slice(0, L));
    expect(confirm.disabled).toBe(false);
    expect(rechargeCodeSchema.safeParse(field.value).success).toBe(true);
  });
});
