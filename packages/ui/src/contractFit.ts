// Type checks only, never imported by the kit (so not in the build): the kit declares the fields it shows in
// its own types (decision 0196), and these lines make `tsc` fail when a contract type stops fitting them.
import type { Channel, Plan, PurchasePageSetting, RECHARGE_CODE_LENGTH } from '@ottkit/api-client';
import type { ChannelRowChannel } from './ChannelRow/index.ts';
import type { PurchaseDialogProps, PurchasePlan, PurchaseSetting } from './PurchaseDialog/index.ts';
import type { RechargeCodeInputProps } from './RechargeCodeInput/index.ts';

type Fits<Wide, Narrow> = Wide extends Narrow ? true : never;

export const contractFits: [
  Fits<Channel, ChannelRowChannel>,
  Fits<Plan, PurchasePlan>,
  Fits<PurchasePageSetting, PurchaseSetting>,
  // The recharge code's length is the contract's, passed in by the site (decision 0388).
  Fits<typeof RECHARGE_CODE_LENGTH, RechargeCodeInputProps['length']>,
  Fits<typeof RECHARGE_CODE_LENGTH, PurchaseDialogProps['rechargeCodeLength']>,
] = [true, true, true, true, true];
