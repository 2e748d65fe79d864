import { contract } from '@ottkit/api-client';
import type { CallDescriptor } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importGuideDay } from '../src/domain/liveAdmin.ts';
import { bearer, startServer, type TestServer } from './helpers.ts';
import { loginToken } from './vodHelpers.ts';

/**
 * Issue 20 §2's gaps (decision 0310): banners to a title above the profile are left out of the profile's answer,
 * a reminder's programme above it goes without its title, and an operator's guide day carries ratings.
 */
const a = contract.account;
const L = contract.live;
const PIN = '1357';
let t: TestServer;
let token: string;
let grownUp: string;
let kids: string;
let adultBanner: { bannerItemId: string; metaId: string };

async function data<T>(d: CallDescriptor, body: Record<string, unknown>, who?: string): Promise<T> {
  const r = (await t.post(d.path, body, who ? bearer(who) : {})).body;
  expect(r.errMsg).toBe('success');
  return r.data as T;
}
type Banners = { bannerList: { bannerItemId: string; linkType: string; ageRating?: string }[] };
const bannerIds = async (who?: string) =>
  (await data<Banners>(L.bannerList, {}, who)).bannerList.map((b) => b.bannerItemId);
const select = (profileId: string, parentalPin?: string) =>
  data(a.profileSelect, { profileId, ...(parentalPin ? { parentalPin } : {}) }, token);

beforeAll(async () => {
  t = await startServer();
  token = await loginToken(t, 'demo@ottkit.test');
  // The first home banner to a title, rated 18 here (the seed rates titles in turn).
  adultBanner = t.server.db.get<{ bannerItemId: string; metaId: string }>(
    `SELECT banner_item_id AS "bannerItemId", meta_id AS "metaId" FROM vod_banners
     WHERE vod_type IS NULL AND link_type = 'VOD_CONTENT' ORDER BY seq LIMIT 1`,
  )!;
  t.server.db.run("UPDATE vod_metas SET age_rating = '18' WHERE meta_id = ?", adultBanner.metaId);
  await data(a.parentalPinSet, { pin: PIN }, token);
  const info = await data<{ profiles: { profileId: string; kids: boolean }[]; currentProfileId: string }>(
    a.profileCreate,
    { name: 'Kid', avatar: 'star', lang: 'en', kids: true, maxRating: 'PG', parentalPin: PIN },
    token,
  );
  grownUp = info.currentProfileId;
  kids = info.profiles.find((p) => p.kids)!.profileId;
});
afterAll(() => t.close());

describe('banners by rating', () => {
  it('a kids profile does not get the banner to an 18 title; lists and channels stay; the grown-up gets it', async () => {
    const adult = await data<Banners>(L.bannerList, {}, token);
    const shown = adult.bannerList.find((b) => b.bannerItemId === adultBanner.bannerItemId);
    expect(shown?.ageRating).toBe('18');
    await select(kids);
    const forKids = await data<Banners>(L.bannerList, {}, token);
    expect(forKids.bannerList.map((b) => b.bannerItemId)).not.toContain(adultBanner.bannerItemId);
    expect(forKids.bannerList.map((b) => b.linkType)).toEqual(
      expect.arrayContaining(['VOD_CONTENT', 'VOD_LIST', 'LIVE_CHANNEL']),
    );
    // Exactly the banners a PG profile may see: every one to a list or channel, those to titles rated PG or below.
    const allowed = adult.bannerList.filter(
      (b) => b.linkType !== 'VOD_CONTENT' || [undefined, 'G', 'PG'].includes(b.ageRating),
    );
    expect(forKids.bannerList.map((b) => b.bannerItemId)).toEqual(allowed.map((b) => b.bannerItemId));
    expect(allowed.length).toBeLessThan(adult.bannerList.length);
    await select(grownUp, PIN);
    expect(await bannerIds(token)).toContain(adultBanner.bannerItemId);
  });

  it('the answer without a session (the site’s shared home part) keeps it, with its rating for the site to filter', async () => {
    const visitor = await data<Banners>(L.bannerList, {});
    expect(visitor.bannerList.find((b) => b.bannerItemId === adultBanner.bannerItemId)?.ageRating).toBe('18');
  });
});

describe('reminders of programmes above the profile', () => {
  it('keep their times and channel but not their title, for that profile only', async () => {
    const day = await data<{
      epgList: { programs: { programId: string; start: number; title: string }[] }[];
    }>(L.epgQuery, { channelId: 'lc-004' });
    const next = day.epgList[0]!.programs.find((p) => p.start > t.clock.now)!;
    await select(kids);
    type Subs = {
      subscribeList: { programId: string; programme: string; start: number; ratedAbove?: boolean }[];
    };
    const item = { logicalChannelId: 'lc-004', programId: next.programId };
    const before = await data<Subs>(L.subscribeCreate, { subscribeList: [item] }, token);
    expect(before.subscribeList[0]).toMatchObject({ programme: next.title });
    expect(before.subscribeList[0]?.ratedAbove).toBeUndefined();
    t.server.db.run("UPDATE epg_programs SET rating = 'TV-MA' WHERE program_id = ?", next.programId);
    const after = await data<Subs>(L.subscribeList, {}, token);
    expect(after.subscribeList[0]).toMatchObject({
      programId: next.programId,
      programme: '',
      ratedAbove: true,
      start: next.start,
    });
    expect(JSON.stringify(after)).not.toContain(next.title);
    t.server.db.run("UPDATE epg_programs SET rating = '' WHERE program_id = ?", next.programId);
    await select(grownUp, PIN);
  });
});

describe("an operator's guide day with ratings (guide-import)", () => {
  it('keeps a programme’s rating, and the guide answers it on the age scale', async () => {
    const day = new Date(t.clock.now).toISOString().slice(0, 10);
    const start = Date.parse(`${day}T00:00:00Z`);
    const texts = (title: string) => [{ lang: 'en', title, content: '' }];
    importGuideDay(
      t.server.db,
      'epg-lc-010',
      day,
      [
        { start, stop: start + 3_600_000, texts: texts('Cartoons'), rating: { system: 'MPAA', value: 'G' } },
        {
          start: start + 3_600_000,
          stop: start + 7_200_000,
          texts: texts('Late film'),
          rating: { value: 'R18' },
        },
        { start: start + 7_200_000, stop: start + 86_400_000, texts: texts('Rest') },
      ],
      t.clock.now,
    );
    const guide = await data<{ epgList: { programs: { title: string; ageRating?: string }[] }[] }>(
      L.epgQueryV2,
      { date: day, epgIdList: ['epg-lc-010'] },
    );
    expect(guide.epgList[0]?.programs.map((p) => [p.title, p.ageRating])).toEqual([
      ['Cartoons', 'G'],
      ['Late film', '18'],
      ['Rest', undefined],
    ]);
    expect(() =>
      importGuideDay(
        t.server.db,
        'epg-lc-010',
        day,
        [{ start, stop: start + 1, texts: texts('x'), rating: {} }],
        0,
      ),
    ).toThrow();
  });
});
