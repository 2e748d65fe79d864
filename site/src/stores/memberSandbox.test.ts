import type { Plan } from '@ottkit/api-client';
import { ErrCode } from '@ottkit/api-client/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  memberSite: { sandboxAccount: vi.fn(), sandboxPurchase: vi.fn() },
  account: { planList: vi.fn() },
}));
vi.mock('../lib/api.ts', () => ({ browserApi: api }));

const { $memberSandbox, buyMemberPlan, openMemberSandbox } = await import('./memberSandbox.ts');

const sports = { planId: 'plan-sports' } as Plan;
const movies = { planId: 'plan-movies' } as Plan;
const refused = (errCode: number) => Object.assign(new Error('refused'), { errCode });

beforeEach(() => {
  for (const f of [api.memberSite.sandboxAccount, api.memberSite.sandboxPurchase, api.account.planList]) {
    f.mockReset();
  }
  api.memberSite.sandboxAccount.mockResolvedValue({});
  api.account.planList.mockResolvedValue({ planList: [sports, movies] });
});

describe('sandbox member site store (spec §6)', () => {
  it('checks the link and offers every plan, or only the one the link names', async () => {
    await openMemberSandbox('tok-1');
    expect(api.memberSite.sandboxAccount).toHaveBeenCalledWith({ memberSiteToken: 'tok-1' });
    expect($memberSandbox.get()).toEqual({ kind: 'ready', plans: [sports, movies], bought: null });
    await openMemberSandbox('tok-1', 'plan-movies');
    expect($memberSandbox.get().plans).toEqual([movies]);
  });

  it('a refused link is invalid; a sandbox answered as not found is off', async () => {
    api.memberSite.sandboxAccount.mockRejectedValueOnce(refused(10101001));
    await openMemberSandbox('forged');
    expect($memberSandbox.get().kind).toBe('invalid');
    api.memberSite.sandboxAccount.mockRejectedValueOnce(refused(ErrCode.NOT_FOUND));
    await openMemberSandbox('tok-1');
    expect($memberSandbox.get().kind).toBe('off');
  });

  it('buys with the token of the link it was opened with and says until when', async () => {
    await openMemberSandbox('tok-2');
    api.memberSite.sandboxPurchase.mockResolvedValueOnce({ expiredTs: 1_800_000_000_000 });
    await buyMemberPlan(sports);
    expect(api.memberSite.sandboxPurchase).toHaveBeenCalledWith({
      memberSiteToken: 'tok-2',
      planId: 'plan-sports',
    });
    expect($memberSandbox.get()).toMatchObject({
      kind: 'bought',
      bought: { plan: sports, expiredTs: 1_800_000_000_000 },
    });
  });

  it('a refused purchase shows the link as invalid', async () => {
    await openMemberSandbox('tok-3');
    api.memberSite.sandboxPurchase.mockRejectedValueOnce(refused(10101001));
    await buyMemberPlan(sports);
    expect($memberSandbox.get()).toMatchObject({ kind: 'invalid', bought: null });
  });

  it('drops the answers of a link opened before the current one', async () => {
    let answerOld: (v: unknown) => void = () => {};
    api.account.planList.mockReturnValueOnce(new Promise((r) => (answerOld = r)));
    const old = openMemberSandbox('old');
    await openMemberSandbox('new', 'plan-sports');
    answerOld({ planList: [movies] });
    await old;
    expect($memberSandbox.get().plans).toEqual([sports]);
  });
});
