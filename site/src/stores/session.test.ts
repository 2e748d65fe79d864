// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  account: {
    userInfo: vi.fn(),
    visitorLogin: vi.fn(),
    refreshToken: vi.fn(),
    urvQuery: vi.fn(),
    logout: vi.fn(),
  },
  live: { contentAuthority: vi.fn() },
}));
vi.mock('../lib/api.ts', () => ({ browserApi: api }));

const {
  $session,
  handleSessionInvalid,
  initSession,
  refreshingFetch,
  refreshRights,
  sessionStarted,
  $userRights,
} = await import('./session.ts');
const { $rights } = await import('./authority.ts');

const user = (loginStatus: 'user' | 'guest') =>
  ({ accountId: 'a', loginStatus, subscriptionList: [] }) as never;
const envelope = (errCode: number) => new Response(JSON.stringify({ errCode, errMsg: '' }));

beforeEach(() => {
  vi.restoreAllMocks();
  for (const f of Object.values(api.account)) f.mockReset();
  api.live.contentAuthority.mockReset();
  $session.set({ loaded: false, user: null });
});

describe('session store (spec §4)', () => {
  it('falls back to a guest session when there is none and visitor mode is on', async () => {
    api.account.userInfo.mockRejectedValue(new Error('no session'));
    api.account.visitorLogin.mockResolvedValue({ userInfo: user('guest') });
    await initSession({ visitorMode: true });
    expect($session.get().user?.loginStatus).toBe('guest');
    expect(api.account.visitorLogin).toHaveBeenCalledWith({ deviceId: expect.any(String) });
  });

  it('refreshes once and replays a call whose access token ran out', async () => {
    sessionStarted(user('user'));
    api.account.refreshToken.mockResolvedValue({ userInfo: user('user'), tokens: {} });
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(envelope(10101040))
      .mockResolvedValueOnce(envelope(0));
    const res = await refreshingFetch('/liveapi/api/channel/favorite/list', { method: 'POST', body: '{}' });
    expect((await res.json()).errCode).toBe(0);
    expect(api.account.refreshToken).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a user whose session stays invalid becomes a guest in visitor mode', async () => {
    api.account.userInfo.mockResolvedValue(user('user'));
    await initSession({ visitorMode: true });
    api.account.visitorLogin.mockResolvedValue({ userInfo: user('guest') });
    api.live.contentAuthority.mockResolvedValue({ lcList: [], serverTime: 0 });
    handleSessionInvalid();
    await vi.waitFor(() => expect($session.get().user?.loginStatus).toBe('guest'));
  });

  it('refreshRights updates the user, the rights view and the channel authority', async () => {
    sessionStarted(user('user'));
    api.account.userInfo.mockResolvedValue(user('user'));
    api.account.urvQuery.mockResolvedValue({ rights: { live: true, catchup: true, vod: false } });
    api.live.contentAuthority.mockResolvedValue({
      lcList: [{ lid: 'lc-010', pcList: [{ cid: 'c', au: [{ k: 'live', exp: -1, sup: 1 }] }] }],
      serverTime: 0,
    });
    await refreshRights();
    expect($rights.get()?.['lc-010']?.live).toBe(true);
    expect($userRights.get()).toMatchObject({ live: true, version: 1 });
  });
});
