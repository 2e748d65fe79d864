import { contract } from '@ottkit/api-client';
import { operatorContract as oc } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { loginToken, vodData } from './vodHelpers.ts';

// Issue 18 §7 (decision 0237): support sees a subscriber's recent plays — channels and titles, newest first, a
// series once with its last played episode — read from what the viewer's apps reported.
const O = oc.operator;
let t: TestServer;
let support: SignedIn;
let token: string;
let accountId: string;
beforeAll(async () => {
  t = await startServer();
  support = await signInOperator(t, 'desk@ottkit.test', 'support');
  token = await loginToken(t, 'demo@ottkit.test');
  accountId = t.server.db.get<{ account_id: string }>(
    "SELECT account_id FROM accounts WHERE email = 'demo@ottkit.test'",
  )!.account_id;
});
afterAll(() => t.close());

const plays = async () => {
  const h = await t.get(`${O.subscriberHistory.path}?accountId=${accountId}`, { cookie: support.cookie });
  expect(h.body.errCode).toBe(0);
  return O.subscriberHistory.response.parse(h.body.data).plays;
};

describe('a subscriber’s recent plays in the console', () => {
  it('lists channels and titles newest first, a series once with its last episode, named', async () => {
    expect(await plays()).toEqual([]);
    const now = t.clock.now;
    const live = await t.post(
      contract.live.playHistoryCreate.path,
      {
        playHistoryList: [
          { logicalChannelId: 'lc-001', playTime: now - 30 * 60_000 },
          { logicalChannelId: 'lc-002', playTime: now - 20 * 60_000, programId: 'x', playType: 'catchup' },
        ],
      },
      bearer(token),
    );
    expect(live.body.errCode).toBe(0);
    const db = t.server.db;
    const series = db.get<{ meta_id: string }>(
      "SELECT meta_id FROM vod_metas WHERE meta_type = 'SERIES' AND no_season = 0 AND product_id IS NULL ORDER BY meta_id LIMIT 1",
    )!.meta_id;
    const [e1, e2] = db.all<{ meta_id: string; season_no: number; episode_no: number }>(
      "SELECT meta_id, season_no, episode_no FROM vod_metas WHERE series_id = ? AND meta_type = 'EPISODE' ORDER BY season_no, episode_no",
      series,
    );
    const report = (metaId: string, videoType: 'MOVIE' | 'EPISODE') => ({
      metaId,
      videoType,
      playedTime: 60,
      playProgress: 10,
      totalDuration: 600,
    });
    await vodData(t, contract.vod.playProgressReport, report('m-001', 'MOVIE'), token);
    t.advance(1000);
    await vodData(t, contract.vod.playProgressReport, report(e1!.meta_id, 'EPISODE'), token);
    t.advance(1000);
    await vodData(t, contract.vod.playProgressReport, report(e2!.meta_id, 'EPISODE'), token);

    const title = (id: string) =>
      db.get<{ title: string }>("SELECT title FROM vod_meta_texts WHERE meta_id = ? AND lang = 'en'", id)!
        .title;
    const channel = (id: string) =>
      db.get<{ n: string }>(
        'SELECT logical_channel_name AS n FROM channels WHERE logical_channel_id = ?',
        id,
      )!.n;
    expect((await plays()).map((p) => [p.kind, p.id, p.name, p.seasonNo, p.episodeNo])).toEqual([
      ['title', series, title(series), e2!.season_no, e2!.episode_no],
      ['title', 'm-001', title('m-001'), null, null],
      ['catchup', 'lc-002', channel('lc-002'), null, null],
      ['live', 'lc-001', channel('lc-001'), null, null],
    ]);
  });
});
