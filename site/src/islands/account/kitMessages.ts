import type { Messages } from '@ottkit/ui';
import type { MessageKey, Translate } from '../../i18n/index.ts';

const KEYS = [
  'close',
  'noAuthorityTitle',
  'noAuthorityUser',
  'noAuthorityGuest',
  'purchase',
  'loginOrSignUp',
  'sendCode',
  'sendCodeCountdown',
  'purchaseTitle',
  'noPaymentMethod',
  'rechargeCodeLabel',
  'rechargeCodePlaceholder',
  'rechargeCodeHint',
  'rechargeConfirm',
  'purchaseGuide',
  'choosePlan',
  'memberSite',
  'discountFrom',
  'noticeTitle',
  'ok',
  'loading',
] as const satisfies readonly (keyof Messages)[];

/** The UI kit's account, purchase and notice texts in the page language (keys `account.ui.<kit key>`). */
export function accountKitMessages(t: Translate): Partial<Messages> {
  return Object.fromEntries(KEYS.map((k) => [k, t(`account.ui.${k}` as MessageKey)]));
}
