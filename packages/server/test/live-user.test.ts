import { ErrCode } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, loginAs } from './helpers.ts';
import { L, liveSuite } from './liveHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

const live = liveSuite();

const MIN = 60_000;

describe('login required (spec §5, §6)', () => {
  const calls = [
    [L.favoriteList.path, {}],
    [L.favoriteCreate.path, { favoriteChannelList: [{ logicalChannelId: 'lc-001', updateTime: 1 }] }],
    [L.favoriteDelete.path, { favoriteChannelDeleteList: ['lc-001'] }],
    [L.playHistoryList.path, {}],
    [L.playHistoryCreate.path, { playHistoryList: [{ logicalChannelId: 'lc-001', playTime: 1 }] }],
    [L.playHistoryDelete.path, { playHistoryDeleteList: ['lc-001'] }],
    [L.subscribeList.path, {}],
    [L.subscribeCreate.path, { subscribeList: [{ logicalChannelId: 'lc-001', programId: 'p' }] }],
    [L.subscribeDelete.path, { subscribeDeleteList: [{ logicalChannelId: 'lc-001', programId: 'p' }] }],
  ] as const;
  it('answers LOGIN_REQUIRED to a guest and SESSION_INVALID without any session', async () => {
    for (const [path, body] of calls) {
      const guest = await live.t.post(path, body, live.v.guest);
      expect([path, guest.body.errCode]).toEqual([path, ErrCode.LOGIN_REQUIRED]);
      expect(guest.body.errMsg).toMatch(/After logging in/);
      expect((await live.t.post(path, body)).body.errCode).toBe(ErrCode.SESSION_INVALID);
    }
  });
});

describe('favourites', () => {
  it('adds, lists in order of adding, removes, and keeps each user’s own', async () => {
    const add = await live.t.post(
      L.favoriteCreate.path,
      {
        favoriteChannelList: [
          { logicalChannelId: 'lc-003', updateTime: 20 },
          { logicalChannelId: 'lc-001', updateTime: 10 },
        ],
      },
      live.v.subscriber,
    );
    expect(L.favoriteCreate.response.parse(add.body.data).favoriteChannelList).toEqual([
      { logicalChannelId: 'lc-001', updateTime: 10 },
      { logicalChannelId: 'lc-003', updateTime: 20 },
    ]);
    const list = await live.t.post(L.favoriteList.path, {}, live.v.subscriber);
    expect(L.favoriteList.response.parse(list.body.data).favoriteChannelList).toHaveLength(2);
    expect((await live.t.post(L.favoriteList.path, {}, live.v.free)).body.data).toEqual({
      favoriteChannelList: [],
    });
    const del = await live.t.post(
      L.favoriteDelete.path,
      { favoriteChannelDeleteList: ['lc-001', 'lc-999'] },
      live.v.subscriber,
    );
    expect(
      L.favoriteDelete.response.parse(del.body.data).favoriteChannelList.map((f) => f.logicalChannelId),
    ).toEqual(['lc-003']);
  });

  it('refuses an unknown channel and adds nothing', async () => {
    const res = await live.t.post(
      L.favoriteCreate.path,
      {
        favoriteChannelList: [
          { logicalChannelId: 'lc-002', updateTime: 1 },
          { logicalChannelId: 'lc-999', updateTime: 1 },
        ],
      },
      live.v.free,
    );
    expect(res.body.errCode).toBe(ErrCode.CHANNEL_NOT_FOUND);
    expect(res.body.errMsg).toMatch(/lc-999/);
    expect((await live.t.post(L.favoriteList.path, {}, live.v.free)).body.data).toEqual({
      favoriteChannelList: [],
    });
  });
});

describe('play history', () => {
  it('keeps the newest play per channel, newest first, with the channel’s name and logo', async () => {
    const now = live.t.clock.now;
    const res = await live.t.post(
      L.playHistoryCreate.path,
      {
        playHistoryList: [
          { logicalChannelId: 'lc-001', playTime: now - 10 * MIN, duration: 60_000 },
          { logicalChannelId: 'lc-002', playTime: now - 5 * MIN, programId: 'x', playType: 'catchup' },
          { logicalChannelId: 'lc-001', playTime: now - 20 * MIN },
        ],
      },
      live.v.subscriber,
    );
    const list = L.playHistoryCreate.response.parse(res.body.data).playHistoryList;
    expect(list.map((h) => [h.logicalChannelId, h.playTime, h.playType])).toEqual([
      ['lc-002', now - 5 * MIN, 'catchup'],
      ['lc-001', now - 10 * MIN, 'live'],
    ]);
    expect(list[1]).toMatchObject({
      logicalChannelName: 'OTT News 24',
      iconUrl: '/media/logo/lc-001.png',
      duration: 60_000,
    });
    const after = await live.t.post(
      L.playHistoryDelete.path,
      { playHistoryDeleteList: ['lc-002'] },
      live.v.subscriber,
    );
    expect(
      L.playHistoryDelete.response.parse(after.body.data).playHistoryList.map((h) => h.logicalChannelId),
    ).toEqual(['lc-001']);
  });

  it('refuses unknown channels and plays from the future', async () => {
    const unknown = await live.t.post(
      L.playHistoryCreate.path,
      { playHistoryList: [{ logicalChannelId: 'nope', playTime: 1 }] },
      live.v.free,
    );
    expect(unknown.body.errCode).toBe(ErrCode.CHANNEL_NOT_FOUND);
    const future = await live.t.post(
      L.playHistoryCreate.path,
      { playHistoryList: [{ logicalChannelId: 'lc-001', playTime: live.t.clock.now + 3_600_000 }] },
      live.v.free,
    );
    expect(future.body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });
});

/** A channel's programmes of today, from the guide call. */
async function todayProgrammes(channel: string) {
  const res = await live.t.post(L.epgQuery.path, { channelId: channel });
  return L.epgQuery.response.parse(res.body.data).epgList[0]?.programs ?? [];
}

describe('programme subscriptions (reminders)', () => {
  it('subscribes to a programme that has not started and lists it with its channel, by start', async () => {
    const programs = await todayProgrammes('lc-004');
    const next = programs
      .filter((p) => p.start > live.t.clock.now)
      .slice(0, 2)
      .reverse();
    const res = await live.t.post(
      L.subscribeCreate.path,
      { subscribeList: next.map((p) => ({ logicalChannelId: 'lc-004', programId: p.programId })) },
      live.v.subscriber,
    );
    expect(res.body.errCode).toBe(0);
    const list = L.subscribeCreate.response.parse(res.body.data).subscribeList;
    expect(list.map((s) => s.programId)).toEqual(next.map((p) => p.programId).reverse());
    expect(list[0]).toMatchObject({
      logicalChannelId: 'lc-004',
      channelName: 'Cinema One',
      iconUrl: '/media/logo/lc-004.png',
      epgStatus: 'notStart',
      programme: next[1]?.title,
      start: next[1]?.start,
      stop: next[1]?.stop,
    });
  });

  it('reports the status as time passes, and drops it a day after it ended', async () => {
    const [first, second] = L.subscribeList.response.parse(
      (await live.t.post(L.subscribeList.path, {}, live.v.subscriber)).body.data,
    ).subscribeList;
    const saved = live.t.clock.now;
    // Access tokens last an hour: log in again at each new time.
    const listAt = async (at: number) => {
      live.t.clock.now = at;
      const s = await loginAs(live.t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
      const res = await live.t.post(L.subscribeList.path, {}, bearer(s.token));
      return L.subscribeList.response.parse(res.body.data).subscribeList;
    };
    try {
      expect((await listAt(first?.start ?? 0))[0]?.epgStatus).toBe('playing');
      expect((await listAt(first?.stop ?? 0))[0]?.epgStatus).toBe('finished');
      const later = await listAt((first?.stop ?? 0) + 86_400_000 + 1);
      expect(later.map((x) => x.programId)).toEqual([second?.programId]);
    } finally {
      live.t.clock.now = saved;
    }
  });

  it('refuses a programme already on air or finished, one of another channel, and an unknown one', async () => {
    const programs = await todayProgrammes('lc-004');
    const playing = programs.find((p) => p.start <= live.t.clock.now && p.stop > live.t.clock.now);
    const started = await live.t.post(
      L.subscribeCreate.path,
      { subscribeList: [{ logicalChannelId: 'lc-004', programId: playing?.programId ?? '' }] },
      live.v.subscriber,
    );
    expect(started.body.errCode).toBe(ErrCode.PROGRAM_NOT_SUBSCRIBABLE);
    const future = programs.find((p) => p.start > live.t.clock.now);
    const wrong = await live.t.post(
      L.subscribeCreate.path,
      { subscribeList: [{ logicalChannelId: 'lc-001', programId: future?.programId ?? '' }] },
      live.v.subscriber,
    );
    expect(wrong.body.errCode).toBe(ErrCode.PROGRAM_NOT_FOUND);
    const unknown = await live.t.post(
      L.subscribeCreate.path,
      { subscribeList: [{ logicalChannelId: 'lc-999', programId: 'x' }] },
      live.v.subscriber,
    );
    expect(unknown.body.errCode).toBe(ErrCode.CHANNEL_NOT_FOUND);
  });

  it('removes subscriptions (Ignore, Watch now)', async () => {
    const before = L.subscribeList.response.parse(
      (await live.t.post(L.subscribeList.path, {}, live.v.subscriber)).body.data,
    ).subscribeList;
    const res = await live.t.post(
      L.subscribeDelete.path,
      {
        subscribeDeleteList: before.map((s) => ({
          logicalChannelId: s.logicalChannelId,
          programId: s.programId,
        })),
      },
      live.v.subscriber,
    );
    expect(res.body.data).toEqual({ subscribeList: [] });
  });
});

// Issue 39, decision 0432: a viewer's own live lists on the asynchronous store, on both engines.
describe("a viewer's lists on the asynchronous store", () => {
  it('favourites, plays and reminders, added, listed and removed, ask nothing synchronously once warm', async () => {
    const t = live.t;
    const as = live.v.subscriber;
    const upcoming = (await todayProgrammes('lc-004')).find((p) => p.start > t.clock.now);
    const reminder = { logicalChannelId: 'lc-004', programId: upcoming?.programId ?? '' };
    const calls = async () => {
      const favourite = { logicalChannelId: 'lc-002', updateTime: 5 };
      await t.post(L.favoriteCreate.path, { favoriteChannelList: [favourite] }, as);
      await t.post(L.favoriteList.path, {}, as);
      await t.post(L.favoriteDelete.path, { favoriteChannelDeleteList: ['lc-002'] }, as);
      const play = { logicalChannelId: 'lc-003', playTime: t.clock.now - MIN };
      await t.post(
        L.playHistoryCreate.path,
        { playHistoryList: [play, { ...play, playTime: t.clock.now }] },
        as,
      );
      await t.post(L.playHistoryList.path, {}, as);
      await t.post(L.playHistoryDelete.path, { playHistoryDeleteList: ['lc-003'] }, as);
      await t.post(L.subscribeCreate.path, { subscribeList: [reminder] }, as);
      await t.post(L.subscribeList.path, {}, as);
      const removed = await t.post(L.subscribeDelete.path, { subscribeDeleteList: [reminder] }, as);
      return removed;
    };
    await calls();
    let last: Awaited<ReturnType<typeof calls>> | undefined;
    const asked = await synchronousQueries(t.server.db, async () => {
      last = await calls();
    });
    expect(asked).toEqual([]);
    expect(last?.body).toMatchObject({ errCode: 0, data: { subscribeList: [] } });
  });
});
