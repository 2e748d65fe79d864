import type { Plan } from '@ottkit/api-client';
import { ErrCode } from '@ottkit/api-client/client';
import { atom } from 'nanostores';
import { browserApi } from '../lib/api.ts';

/**
 * The sandbox member site (spec §6 links land on /member): `ready` lists the plans to buy, `bought` says which plan
 * runs until when, `invalid` is a link the server refused, `off` a sandbox the operator has not turned on.
 */
export type MemberSandboxKind = 'ready' | 'invalid' | 'off' | 'bought';
export interface MemberSandboxState {
  kind: MemberSandboxKind;
  /** The plans on offer: all of them, or only the one the link names. */
  plans: Plan[];
  bought: { plan: Plan; expiredTs: number } | null;
}
const initial: MemberSandboxState = { kind: 'ready', plans: [], bought: null };
export const $memberSandbox = atom<MemberSandboxState>(initial);

/** The sandbox answers like a path nobody registered while the operator has not turned it on (decision 0160). */
const failure = (e: unknown): MemberSandboxKind =>
  (e as { errCode?: number }).errCode === ErrCode.NOT_FOUND ? 'off' : 'invalid';

/** The link's memberSiteToken: the only thing the sandbox trusts, and the server checks it. */
let token = '';
/** Bumped by every open: an answer for an older link is dropped. */
let round = 0;

/** Checks the link's token and loads the plans (only `planId` when the link names one). */
export async function openMemberSandbox(memberSiteToken: string, planId?: string): Promise<void> {
  token = memberSiteToken;
  const mine = ++round;
  $memberSandbox.set(initial);
  const mineStill = () => mine === round;
  await Promise.all([
    browserApi.memberSite.sandboxAccount({ memberSiteToken }).catch((e) => {
      if (mineStill()) $memberSandbox.set({ ...$memberSandbox.get(), kind: failure(e) });
    }),
    browserApi.account
      .planList({})
      .then((r) => {
        const plans = r.planList.filter((p) => !planId || p.planId === planId);
        if (mineStill()) $memberSandbox.set({ ...$memberSandbox.get(), plans });
      })
      // Without plans the page still says what it is and links back; nothing to buy is the honest answer.
      .catch(() => {}),
  ]);
}

/** Buys the plan for the link's account; the server credits its product at once, like a provider's callback. */
export async function buyMemberPlan(plan: Plan): Promise<void> {
  const mine = round;
  try {
    const r = await browserApi.memberSite.sandboxPurchase({ memberSiteToken: token, planId: plan.planId });
    if (mine === round)
      $memberSandbox.set({
        ...$memberSandbox.get(),
        kind: 'bought',
        bought: { plan, expiredTs: r.expiredTs },
      });
  } catch (e) {
    if (mine === round) $memberSandbox.set({ ...$memberSandbox.get(), kind: failure(e) });
  }
}
