import { contract, metricsBatchPost } from '@ottkit/api-client';
import { MAX_PROFILES, ProfileErrCode } from '@ottkit/api-client/contract';
import { changeSetting } from '../src/domain/appConfig.ts';
import { publishNotice } from '../src/domain/notices.ts';
import { DEMO_RECHARGE_CODES } from '../src/seed/accounts.ts';
import { insertProfileWithin } from '../src/store/profiles.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../src/store/db.ts';
import { bearer, loginAs, type LoggedIn, startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0433: every call a viewer's site and player make, from the sign-in through the line-up, the
// guide, the home rows, a channel change, a title and its play, to the progress report and the telemetry, asks
// nothing of the synchronous store once warm (on PostgreSQL each of its queries stops the whole process).
const L = contract.live;
const A = contract.account;
const V = contract.vod;
let t: TestServer;
let viewer: LoggedIn;
let eventSeq = 0;
let season = '';
beforeAll(async () => {
  t = await startServer();
  viewer = await loginAs(t, 'demo@ottkit.test', 'demo1234');
  season = aSeason();
});
afterAll(() => t.close());

/** A series of the seed, with its first season's id (episodes are asked by season). */
function aSeason(): string {
  return (
    t.server.db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'SEASON' ORDER BY meta_id LIMIT 1",
    )?.meta_id ?? 'none'
  );
}

/** A telemetry batch as the player sends it: a play's service level and its watched time. */
function telemetry() {
  const ts = t.clock.now;
  const id = () => `evt-viewer-async-${String(++eventSeq).padStart(5, '0')}`;
  return {
    events: [
      {
        eventId: id(),
        ts,
        sourceId: 'lc-002',
        type: 'streamSla',
        mode: 'live',
        startupMs: 700,
        stalls: 0,
        stallMs: 0,
        bitrateSwitches: 0,
        errors: 0,
      },
      {
        eventId: id(),
        ts,
        sourceId: 'lc-002',
        type: 'livePlayData',
        startedAt: ts - 60_000,
        watchedMs: 60_000,
        timeshift: false,
      },
    ],
  };
}

/** Every call, with its body; each must answer success. */
function calls(): Array<[string, string, object]> {
  const now = t.clock.now;
  return [
    ['channel list', L.channelList.path, {}],
    ['authority', L.contentAuthority.path, {}],
    ['guide by channel', L.epgQuery.path, { channelId: 'lc-001', futureDays: 1 }],
    ['guide checksums', L.epgChecksumQuery.path, {}],
    ['programme texts', L.epgMultilingualQuery.path, { programIdList: ['no-such-programme'] }],
    [
      'update check',
      L.updateCheck.path,
      {
        dataChecks: [
          { dataType: 'channel', timestamp: 0 },
          { dataType: 'epg', timestamp: 0 },
        ],
      },
    ],
    ['top channels', L.topChannels.path, {}],
    ['top searches', L.topSearches.path, {}],
    ['home row', L.homeRecommend.path, {}],
    ['banners', L.bannerList.path, {}],
    ['trackers', L.trackerList.path, { trackerType: 'webtorrent' }],
    ['play source', L.channelPlaySource.path, { logicalChannelId: 'lc-001' }],
    ['catch-up range', L.catchupRange.path, { logicalChannelId: 'lc-001' }],
    [
      'a channel played',
      L.playHistoryCreate.path,
      { playHistoryList: [{ logicalChannelId: 'lc-001', playTime: now, playType: 'live', duration: 0 }] },
    ],
    ['plays', L.playHistoryList.path, {}],
    ['favourites', L.favoriteList.path, {}],
    ['reminders', L.subscribeList.path, {}],
    ['account', A.userInfo.path, {}],
    ['plans', A.planList.path, {}],
    ['app properties', A.appPropertyQuery.path, {}],
    ['profiles', A.profileList.path, {}],
    ['shelves', V.playlistRoot.path, {}],
    ['a title', V.detail.path, { metaId: 'm-001' }],
    ['episodes', V.episodes.path, { metaId: season }],
    ['its trailer', V.trailer.path, { metaId: 'm-001' }],
    ['its play', V.playSource.path, { metaId: 'm-001' }],
    [
      'progress',
      V.playProgressReport.path,
      { metaId: 'm-001', videoType: 'MOVIE', playedTime: 30, playProgress: 5, totalDuration: 600 },
    ],
    ['watched titles', V.historyMetaList.path, {}],
    ['favourite titles', V.favorMetaList.path, {}],
    ['telemetry', metricsBatchPost.path, telemetry()],
    ['app manifest', A.manifestProperty.path, {}],
    ['a person', V.personDetail.path, { personId: 'p-001' }],
    ['their titles', V.filmography.path, { personId: 'p-001' }],
    ['titles at once', V.batchDetail.path, { metaIds: ['m-001', 'm-002'] }],
  ];
}

async function callAll(): Promise<string[]> {
  const failed: string[] = [];
  for (const [name, path, body] of calls()) {
    const answer = await t.post(path, body, bearer(viewer.token));
    if (answer.body.errCode !== 0) failed.push(`${name}: ${answer.body.errCode} ${answer.body.errMsg}`);
  }
  for (const path of [`${V.searchTopx.path}?pageSize=10`, `${V.recommendList.path}?metaId=m-001`]) {
    const answer = await t.get(path, bearer(viewer.token));
    if (answer.body.errCode !== 0) failed.push(`${path}: ${answer.body.errCode} ${answer.body.errMsg}`);
  }
  return failed;
}

describe("a viewer's calls on the asynchronous store", () => {
  it('a sign-in and every call of a session ask nothing synchronously once warm', async () => {
    expect(await callAll()).toEqual([]);
    t.advance(1_000);
    let failed: string[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      await loginAs(t, 'demo@ottkit.test', 'demo1234');
      failed = await callAll();
      // A day no call asked before: not in the guide cache, read from the store.
      const later = new Date(t.clock.now + 2 * 86_400_000).toISOString().slice(0, 10);
      const day = await t.post(L.epgQuery.path, { channelId: 'lc-002', date: later }, bearer(viewer.token));
      if (day.body.errCode !== 0) failed.push(`a day not in the guide cache: ${day.body.errMsg}`);
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('after the line-up, the settings and the notices changed, every call reads them again asking nothing synchronously', async () => {
    expect(await callAll()).toEqual([]);
    // Changes another process or command could make: each moves its version, and what a process keeps is read again.
    await t.server.db.kysely
      .updateTable('channels')
      .set({ logical_channel_name: 'Harbour One' })
      .where('logical_channel_id', '=', 'lc-001')
      .execute();
    changeSetting(t.server.db, 'layout.hide_unsubscribe_channel', 'false');
    await publishNotice(t.server.db, { msg: 'Read again', displayMode: [0] }, t.clock.now);
    let failed: string[] = [];
    let names: string[] = [];
    let notices: string[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      failed = await callAll();
      const list = await t.post(L.channelList.path, {}, bearer(viewer.token));
      names = (list.body.data as { channelListInfo: { logicalChannelName: string }[] }).channelListInfo.map(
        (c) => c.logicalChannelName,
      );
      const shown = await t.post(contract.message.publicNotice.path, {});
      notices = (shown.body.data as { noticeList: { msg: string }[] }).noticeList.map((n) => n.msg);
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(names).toContain('Harbour One');
    expect(notices).toContain('Read again');
  });

  // On SQLite a search's typo tolerance reads the index's vocabulary term by term (domain/vod/searchTypos.ts):
  // in-process reads, which node:sqlite answers synchronously whichever layer asks. PostgreSQL's is one query.
  it.runIf(postgresUrl())('a search asks nothing synchronously on PostgreSQL', async () => {
    const search = () => t.post(V.search.path, { keyword: 'news' }, bearer(viewer.token));
    expect((await search()).body.errCode).toBe(0);
    expect(await synchronousQueries(t.server.db, search)).toEqual([]);
  });

  it("a viewer's changes (profiles, the PIN, favourite and watched titles, a recharge) ask nothing synchronously once warm", async () => {
    const h = bearer(viewer.token);
    const ask = async (path: string, body: object) => {
      const answer = (await t.post(path, body, h)).body;
      expect(answer.errCode, `${path}: ${answer.errMsg}`).toBe(0);
      return answer.data as { profiles?: { profileId: string; name: string }[] };
    };
    // Warm: the settings and the viewer's profile are kept once read.
    await ask(A.profileList.path, {});
    const asked = await synchronousQueries(t.server.db, async () => {
      await ask(A.parentalPinSet.path, { pin: '2468' });
      const made = await ask(A.profileCreate.path, {
        name: 'Kid',
        avatar: 'star',
        lang: 'es',
        kids: true,
        maxRating: 'PG',
        parentalPin: '2468',
      });
      const kid = made.profiles?.find((p) => p.name === 'Kid')?.profileId ?? '';
      await ask(A.profileUpdate.path, { profileId: kid, name: 'Kiddo' });
      await ask(A.profileSelect.path, { profileId: kid });
      await ask(A.profileSelect.path, { profileId: viewer.accountId, parentalPin: '2468' });
      await ask(A.profileDelete.path, { profileId: kid });
      await ask(V.favorAdd.path, { metaId: 'm-003' });
      await ask(V.favorBatchSearchHasFavored.path, { metaIds: ['m-003'] });
      await ask(V.favorBatchDelete.path, { metaIds: ['m-003'] });
      await ask(V.historyAdd.path, { metaId: 'm-003', playedTime: 10, totalDuration: 100 });
      await ask(V.historyBatchDelete.path, { metaIds: ['m-003'] });
      const code = DEMO_RECHARGE_CODES['plan-monthly'][3] as string;
      await ask(A.recharge.path, { rechargeCodePassword: code, virtualCode: viewer.virtualCode });
    });
    expect(asked).toEqual([]);
    const profiles = await ask(A.profileList.path, {});
    expect(profiles.profiles?.map((p) => p.name)).not.toContain('Kiddo');
  });

  it('profiles made at once never pass the limit', async () => {
    const other = await loginAs(t, 'free@ottkit.test', 'demo1234');
    const make = (name: string) =>
      t.post(
        A.profileCreate.path,
        { name, avatar: 'sun', lang: 'en', kids: false, maxRating: '18' },
        bearer(other.token),
      );
    for (const name of ['B', 'C', 'D']) expect((await make(name)).body.errCode).toBe(0);
    // Straight to the store, all at once on its connections: over HTTP the calls arrive one by one. Without the
    // account's row locked, PostgreSQL let all four count four and add (on SQLite a transaction has the store).
    const row = (name: string) => ({
      profile_id: `p-at-once-${name}`,
      account_id: other.accountId,
      name,
      avatar: 'sun',
      lang: 'en',
      kids: 0,
      max_rating: '18',
      created_at: t.clock.now,
    });
    const added = await Promise.all(
      ['E', 'F', 'G', 'H'].map((name) => insertProfileWithin(t.server.db, row(name), MAX_PROFILES)),
    );
    expect(added.filter(Boolean)).toHaveLength(1);
    const listed = await t.post(A.profileList.path, {}, bearer(other.token));
    expect((listed.body.data as { profiles: unknown[] }).profiles).toHaveLength(MAX_PROFILES);
    expect((await make('I')).body.errCode).toBe(ProfileErrCode.PROFILE_LIMIT);
  });
});
