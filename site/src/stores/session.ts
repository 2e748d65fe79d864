import type { SessionInvalidError, SessionResult, UserInfo } from '@ottkit/api-client';
import { isApiError } from '@ottkit/api-client/client';
import { forgetKeptAnswers } from '@ottkit/api-client/kept';
import { atom, computed } from 'nanostores';
import { browserApi } from '../lib/api.ts';
import { $rights, refreshAuthority } from './authority.ts';
import { $session, type SessionState } from './viewer.ts';

export { $session, type SessionState };

/** 'user', 'guest', or 'none' (no session: visitor mode is off and nobody logged in). */
export const $loginStatus = computed($session, (s) => s.user?.loginStatus ?? 'none');

/** What the active subscriptions allow (URV); null for guests and until known. Changes after a recharge. */
export interface UserRights {
  live: boolean;
  catchup: boolean;
  vod: boolean;
  /** Bumped on every refresh, so subscribers can re-fetch what depends on rights. */
  version: number;
}
export const $userRights = atom<UserRights | null>(null);

/** Whether the provider's visitor mode is on (spec §4): set by initSession from the app configuration. */
let visitorMode = false;

function setUser(user: UserInfo | null) {
  $session.set({ loaded: true, user });
}

/**
 * A random id of this browser (not a secret), so a returning guest gets the same guest account back instead
 * of a new one per visit. The server finds the guest by this id together with a secret HttpOnly cookie it set
 * when the guest was created (decision 0152): the id alone, read by a script or from a log, opens nothing.
 */
function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem('ottkit_device');
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem('ottkit_device', id);
    }
    return id;
  } catch {
    return undefined;
  }
}

let visitorLoggingIn: Promise<UserInfo | null> | null = null;

/**
 * Starts a guest session (spec §4 visitor mode), with this browser's device id; null when the provider does
 * not allow it. The only visitor login of the site: callers at the same moment (the first session load, the
 * session-invalid hook, the live player's play source) share one request. Two at once would each make a guest
 * and each set the guest's secret cookie, and the page could keep one guest while the cookie names the other,
 * so the returning guest would not be found again (decisions 0152, 0185).
 */
export function visitorLogin(): Promise<UserInfo | null> {
  visitorLoggingIn ??= browserApi.account
    .visitorLogin({ deviceId: deviceId() })
    .then(
      ({ userInfo }) => userInfo,
      () => null,
    )
    .finally(() => {
      visitorLoggingIn = null;
    });
  return visitorLoggingIn;
}

/**
 * How long to wait before asking again who the viewer is, when the answer never came (the network dropped, the
 * server failed, the page is being left): after these the viewer is shown as signed out.
 */
export const SESSION_RETRY_MS = [1_000, 3_000] as const;

/**
 * Learns who the viewer is: the cookie's session, or a new guest session when visitor mode is on and there
 * is none (spec §4 automatic visitor login). Safe to call more than once: one load in flight at a time.
 *
 * A guest is made only when the server said there is no session. A call that got no answer is asked again: a
 * guest made then would set its cookies over a signed-in viewer's session, and a viewer who left a page while it
 * loaded came back a guest (a journey that reloaded at that moment failed so).
 */
let loading: Promise<SessionState> | null = null;
export function initSession(options: { visitorMode: boolean }): Promise<SessionState> {
  visitorMode = options.visitorMode;
  loading ??= (async () => {
    setUser(await whoIsViewing());
    return $session.get();
  })();
  return loading;
}

/** How long a call that needs the session waits for a page that has not started to learn it (then asks anyway). */
export const SESSION_SETTLE_MAX_MS = 3_000;

/**
 * The session once it is known: the first load's answer while it is in flight (a guest being made included), or,
 * when no island has started it yet, its arrival (for at most SESSION_SETTLE_MAX_MS). A call that needs a session
 * waits for it instead of racing it: sent before a new guest's cookies, it was refused, refreshed the session that
 * had just begun and was sent again (a fresh /liveTv asked for its play source twice).
 */
export function sessionSettled(): Promise<SessionState> {
  if (loading) return loading;
  if ($session.get().loaded) return Promise.resolve($session.get());
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve(loading ?? Promise.resolve($session.get()));
    };
    const stop = $session.listen((s) => {
      if (s.loaded) done();
    });
    const timer = setTimeout(done, SESSION_SETTLE_MAX_MS);
  });
}

async function whoIsViewing(): Promise<UserInfo | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await browserApi.account.userInfo({});
    } catch (e) {
      if (isApiError(e) && e.name === 'SessionInvalidError') return visitorMode ? await visitorLogin() : null;
      const wait = SESSION_RETRY_MS[attempt];
      if (wait === undefined) return null;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** After login, sign-up, a refresh or a QR login: the server set the cookies, this keeps the user info. */
export function sessionStarted(user: UserInfo) {
  loading = Promise.resolve({ loaded: true, user });
  setUser(user);
}

let refreshing: Promise<SessionResult | null> | null = null;

/**
 * Trades the refresh cookie for new tokens (and a fresh memberSiteToken). One refresh in flight per page;
 * across tabs `navigator.locks` serialises them, because a refresh token presented twice revokes the whole
 * session (docs/tokens.md). Null when there is no session to refresh.
 */
export function refreshTokens(): Promise<SessionResult | null> {
  const run = async () => {
    try {
      const result = await browserApi.account.refreshToken({});
      sessionStarted(result.userInfo);
      return result;
    } catch {
      return null;
    }
  };
  refreshing ??= (
    typeof navigator !== 'undefined' && navigator.locks
      ? (navigator.locks.request('ottkit-refresh', run) as unknown as Promise<SessionResult | null>)
      : run()
  ).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** refreshTokens, answering the user info only. */
export async function refreshSession(): Promise<UserInfo | null> {
  return (await refreshTokens())?.userInfo ?? null;
}

/**
 * The client's refreshSession hook, the site's one session-refresh path (decision 0186): when a call answers
 * "session invalid" (the 1-hour access cookie ran out), the API client refreshes once through this and replays
 * the call, so nobody is sent to login while their 30-day refresh cookie is good. Only a page that has a
 * session refreshes: a viewer without one has nothing to renew (they get a guest or the login prompt).
 */
export async function renewSession(): Promise<boolean> {
  if (!$session.get().user) return false;
  return (await refreshSession()) !== null;
}

/**
 * The client's onSessionInvalid hook (spec §4, §8): a user whose session is gone goes to login, or becomes a
 * guest when visitor mode is on. Never loops on the login page itself.
 */
export function handleSessionInvalid(_error?: SessionInvalidError) {
  if (typeof window === 'undefined') return;
  const wasUser = $session.get().user?.loginStatus === 'user';
  // A signed-in viewer's session ended: their kept channel list goes with it (decision 0320). Not for a visit
  // that had no session yet (the player's first call may find none): that would drop a guest's kept list.
  if (wasUser) void forgetKeptAnswers();
  if (visitorMode) {
    void visitorLogin().then((user) => {
      setUser(user);
      // The channels' rights the page shows were the old session's; a page that has none yet asks once its
      // session is known (useLiveJobs), and asking here too sent the same question twice.
      if (user && $rights.get() !== null) void refreshAuthority().catch(() => {});
    });
    return;
  }
  setUser(null);
  // Someone who never had a session is not "dropped": the action they tried asks them to log in itself.
  if (!wasUser || window.location.pathname.startsWith('/login')) return;
  window.location.assign(loginHref());
}

/** The login page, coming back here afterwards. */
export function loginHref(back?: string): string {
  const here =
    back ?? (typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search);
  return `/login?redirect=${encodeURIComponent(here)}`;
}

/**
 * Spec §5 recharge success "refreshes rights everywhere": the user info (subscriptions), the rights view and
 * the live page's channel authority ($rights in stores/authority.ts, which the channel list and player read),
 * so a locked channel opens without a reload.
 */
export async function refreshRights(user?: UserInfo): Promise<void> {
  if (user) setUser(user);
  else {
    try {
      setUser(await browserApi.account.userInfo({}));
    } catch {
      return;
    }
  }
  const jobs: Promise<unknown>[] = [refreshAuthority().catch(() => {})];
  if ($session.get().user?.loginStatus === 'user') {
    jobs.push(
      browserApi.account
        .urvQuery({})
        .then(({ rights }) => $userRights.set({ ...rights, version: ($userRights.get()?.version ?? 0) + 1 }))
        .catch(() => {}),
    );
  }
  await Promise.all(jobs);
}

/** Ends the session on the server (cookies cleared there) and leaves for home, or a guest session. */
export async function logout(): Promise<void> {
  try {
    await browserApi.account.logout({});
  } catch {
    // Already gone: the outcome is the same.
  }
  setUser(null);
  loading = null;
  // Their kept channel list (with their favourites) does not stay in this browser (decision 0320).
  await forgetKeptAnswers();
  window.location.assign('/home');
}
