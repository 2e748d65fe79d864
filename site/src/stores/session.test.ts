// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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
  refreshRights,
  renewSession,
  sessionStarted,
  $userRights,
  visitorLogin,
} = await import('./session.ts');
const { $rights, $viewer } = await import('./authority.ts');

/**
 * The two ways the first question can fail, made with the errors of a given load of the client: a page that loads
 * the store anew (below) loads the client anew too, and its errors are classes of their own.
 */
function failuresOf(client: typeof import('@ottkit/api-client/client')) {
  const path = client.routes.account.userInfo.path;
  return {
    noAnswer: () => new client.NetworkError('The network request failed', 0, path),
    noSession: () => new client.SessionInvalidError('no session', client.ErrCode.SESSION_INVALID, path),
  };
}
const { noSession } = failuresOf(await import('@ottkit/api-client/client'));

const user = (loginStatus: 'user' | 'guest') =>
  ({ accountId: 'a', loginStatus, subscriptionList: [] }) as never;

beforeEach(() => {
  vi.restoreAllMocks();
  for (const f of Object.values(api.account)) f.mockReset();
  api.live.contentAuthority.mockReset();
  $session.set({ loaded: false, user: null });
});

describe('session store (spec §4)', () => {
  it('falls back to a guest session when there is none and visitor mode is on', async () => {
    api.account.userInfo.mockRejectedValue(noSession());
    api.account.visitorLogin.mockResolvedValue({ userInfo: user('guest') });
    await initSession({ visitorMode: true });
    expect($session.get().user?.loginStatus).toBe('guest');
    expect(api.account.visitorLogin).toHaveBeenCalledWith({ deviceId: expect.any(String) });
  });

  it('shares one visitor login, with the device id, between callers at the same moment', async () => {
    api.account.userInfo.mockRejectedValue(noSession());
    let answer!: (v: unknown) => void;
    api.account.visitorLogin.mockReturnValue(new Promise((r) => (answer = r)));
    const loading = initSession({ visitorMode: true });
    // The session-invalid hook of the same failed call, and the live player's play source, at once.
    handleSessionInvalid();
    const forPlayer = visitorLogin();
    answer({ userInfo: user('guest') });
    expect((await forPlayer)?.loginStatus).toBe('guest');
    await loading;
    expect(api.account.visitorLogin).toHaveBeenCalledTimes(1);
    expect(api.account.visitorLogin).toHaveBeenCalledWith({
      deviceId: localStorage.getItem('ottkit_device'),
    });
  });

  it('renews the session for the client (the one refresh path) only when the page has one', async () => {
    expect(await renewSession()).toBe(false);
    expect(api.account.refreshToken).not.toHaveBeenCalled();
    sessionStarted(user('user'));
    api.account.refreshToken.mockResolvedValue({ userInfo: user('user'), tokens: {} });
    expect(await renewSession()).toBe(true);
    api.account.refreshToken.mockRejectedValue(new Error('revoked'));
    expect(await renewSession()).toBe(false);
  });

  it('derives $viewer from the session', () => {
    sessionStarted(user('user'));
    expect($viewer.get()).toBe('user');
    sessionStarted(user('guest'));
    expect($viewer.get()).toBe('guest');
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

/** The stores as a new page loads them, with the failures of the client it loads. */
async function freshSession() {
  vi.resetModules();
  return {
    ...(await import('./session.ts')),
    ...(await import('./authority.ts')),
    ...failuresOf(await import('@ottkit/api-client/client')),
  };
}

// A page's first question, who is viewing, with a module of its own: initSession asks once per page.
describe('who is viewing, when the answer does not come', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again, and makes no guest over a signed-in viewer', async () => {
    vi.useFakeTimers();
    const { initSession: init, $session: session, SESSION_RETRY_MS, noAnswer } = await freshSession();
    api.account.userInfo.mockRejectedValueOnce(noAnswer()).mockResolvedValueOnce(user('user'));
    const loading = init({ visitorMode: true });
    await vi.advanceTimersByTimeAsync(SESSION_RETRY_MS[0]);
    await loading;
    expect(session.get().user?.loginStatus).toBe('user');
    expect(api.account.visitorLogin).not.toHaveBeenCalled();
  });

  it('shows the viewer signed out once the retries are spent, still without a guest', async () => {
    vi.useFakeTimers();
    const { initSession: init, $session: session, SESSION_RETRY_MS, noAnswer } = await freshSession();
    api.account.userInfo.mockRejectedValue(noAnswer());
    const loading = init({ visitorMode: true });
    for (const wait of SESSION_RETRY_MS) await vi.advanceTimersByTimeAsync(wait);
    await loading;
    expect(session.get()).toEqual({ loaded: true, user: null });
    expect(api.account.userInfo).toHaveBeenCalledTimes(SESSION_RETRY_MS.length + 1);
    expect(api.account.visitorLogin).not.toHaveBeenCalled();
  });

  it('makes a guest at once when the server says there is no session', async () => {
    const { initSession: init, $session: session, noSession } = await freshSession();
    api.account.userInfo.mockRejectedValue(noSession());
    api.account.visitorLogin.mockResolvedValue({ userInfo: user('guest') });
    await init({ visitorMode: true });
    expect(session.get().user?.loginStatus).toBe('guest');
    expect(api.account.userInfo).toHaveBeenCalledTimes(1);
  });
});

// A call that needs the session (the first play, the channels' authority) waits for it instead of racing it.
describe('the session once it is known', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first load, a guest being made included', async () => {
    const s = await freshSession();
    api.account.userInfo.mockRejectedValue(s.noSession());
    let answer!: (v: unknown) => void;
    api.account.visitorLogin.mockReturnValue(new Promise((r) => (answer = r)));
    void s.initSession({ visitorMode: true });
    let settled: string | undefined;
    void s.sessionSettled().then((state) => (settled = state.user?.loginStatus));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBeUndefined();
    answer({ userInfo: user('guest') });
    await vi.waitFor(() => expect(settled).toBe('guest'));
  });

  it('waits for a load not started yet, and no longer than its bound for one that never starts', async () => {
    vi.useFakeTimers();
    const s = await freshSession();
    let settled = false;
    void s.sessionSettled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    s.sessionStarted(user('user'));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
    const other = await freshSession();
    let late = false;
    void other.sessionSettled().then(() => (late = true));
    await vi.advanceTimersByTimeAsync(other.SESSION_SETTLE_MAX_MS - 1);
    expect(late).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(late).toBe(true);
  });

  it("asks the channels' authority again on a lost session only when the page shows some", async () => {
    const s = await freshSession();
    api.account.userInfo.mockRejectedValue(s.noSession());
    api.account.visitorLogin.mockResolvedValue({ userInfo: user('guest') });
    api.live.contentAuthority.mockResolvedValue({ lcList: [], serverTime: 0 });
    await s.initSession({ visitorMode: true });
    s.handleSessionInvalid();
    await vi.waitFor(() => expect(api.account.visitorLogin).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.live.contentAuthority).not.toHaveBeenCalled();
    s.$rights.set({});
    s.handleSessionInvalid();
    await vi.waitFor(() => expect(api.live.contentAuthority).toHaveBeenCalledTimes(1));
  });
});
