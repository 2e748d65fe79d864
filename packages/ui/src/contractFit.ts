// Type checks only, never imported by the kit (so not in the build): the kit declares the fields it shows in
// its own types (decision 0196), and these lines make `tsc` fail when a contract type stops fitting them.
import type { Channel, Plan, PurchasePageSetting } from '@ottkit/api-client';
import type { ChannelRowChannel } from './ChannelRow/index.ts';
import type { PurchasePlan, PurchaseSetting } from './PurchaseDialog/index.ts';

type Fits<Wide, Narrow> = Wide extends Narrow ? true : never;

export const contractFits: [
  Fits<Channel, ChannelRowChannel>,
  Fits<Plan, PurchasePlan>,
  Fits<PurchasePageSetting, PurchaseSetting>,
] = [true, true, true];
