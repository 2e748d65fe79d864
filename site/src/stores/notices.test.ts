// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  account: { userInfo: vi.fn(), visitorLogin: vi.fn(), refreshToken: vi.fn() },
  message: { appNotice: vi.fn(), publicNotice: vi.fn(), notificationStateUpdate: vi.fn() },
  live: { contentAuthority: vi.fn() },
}));
vi.mock('../lib/api.ts', () => ({ browserApi: api }));

const { $marqueeRuns, $notices, $readNotices, loadNotices } = await import('./notices.ts');
const { markNoticeRead, marqueeEnded } = await import('./noticeReads.ts');
const { $session, sessionStarted } = await import('./session.ts');

const notice = (id: string, displayTimes = 0) =>
  ({ id, displayTimes, displayMode: [11], readStatus: 0, priority: 0 }) as never;

beforeEach(() => {
  localStorage.clear();
  $session.set({ loaded: true, user: null });
  $readNotices.set(new Set());
  $marqueeRuns.set(new Map());
  for (const f of Object.values(api.message)) f.mockReset();
  api.message.notificationStateUpdate.mockResolvedValue({});
});

describe('notices store', () => {
  it('without a session: public notices, reads kept in the browser across page loads', async () => {
    api.message.publicNotice.mockResolvedValue({ noticeList: [notice('nt-1')] });
    await loadNotices();
    expect($notices.get().map((n) => n.id)).toEqual(['nt-1']);
    markNoticeRead('nt-1');
    expect(api.message.notificationStateUpdate).not.toHaveBeenCalled();
    $readNotices.set(new Set());
    await loadNotices();
    expect($readNotices.get().has('nt-1')).toBe(true);
  });

  it('with a session: the account notices, and a read is sent to the server', async () => {
    sessionStarted({ accountId: 'a', loginStatus: 'guest' } as never);
    api.message.appNotice.mockResolvedValue({ noticeList: [notice('nt-2')] });
    await loadNotices();
    expect(api.message.appNotice).toHaveBeenCalled();
    markNoticeRead('nt-2');
    expect(api.message.notificationStateUpdate).toHaveBeenCalledWith({ msgId: 'nt-2', state: 'read' });
  });

  it('a marquee is read after its displayTimes runs', () => {
    const n = notice('nt-3', 2);
    marqueeEnded(n, 1000);
    expect($readNotices.get().has('nt-3')).toBe(false);
    expect($marqueeRuns.get().get('nt-3')).toEqual({ runs: 1, lastEndAt: 1000 });
    marqueeEnded(n, 5000);
    expect($readNotices.get().has('nt-3')).toBe(true);
  });
});
