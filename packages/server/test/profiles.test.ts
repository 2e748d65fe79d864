import { contract, ErrCode } from '@ottkit/api-client';
import { type CallDescriptor, ProfileErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startServer, type TestServer } from './helpers.ts';
import { loginToken, vodCall, vodData } from './vodHelpers.ts';

/** Profiles, ratings and the parental PIN (issue 20 §2, decision 0285). */
const a = contract.account;
const v = contract.vod;
let t: TestServer;
let alice: string;
let bob: string;
let adult: string;
let kidsTitle: string;

async function call(d: CallDescriptor, body: Record<string, unknown>, token: string) {
  return (await t.post(d.path, body, bearer(token))).body;
}
async function ok(d: CallDescriptor, body: Record<string, unknown>, token: string) {
  const r = await call(d, body, token);
  expect(r.errMsg).toBe('success');
  return r.data as {
    profiles: { profileId: string; name: string; kids: boolean; maxRating: string; isDefault: boolean }[];
    currentProfileId: string;
    pinSet: boolean;
  };
}

beforeAll(async () => {
  t = await startServer({ config: { visitorMode: true } });
  alice = await loginToken(t, 'demo@ottkit.test');
  bob = await loginToken(t, 'free@ottkit.test');
  adult = t.server.db.get<{ meta_id: string }>(
    "SELECT meta_id FROM vod_metas WHERE meta_type = 'MOVIE' AND age_rating = '18' AND product_id IS NULL ORDER BY meta_id LIMIT 1",
  )!.meta_id;
  kidsTitle = t.server.db.get<{ meta_id: string }>(
    "SELECT meta_id FROM vod_metas WHERE meta_type = 'MOVIE' AND age_rating = 'G' AND product_id IS NULL ORDER BY meta_id LIMIT 1",
  )!.meta_id;
});
afterAll(() => t.close());

describe('profiles', () => {
  let kids = '';
  it('an account starts with its first profile, whose id is the account id, and the current one', async () => {
    const info = await ok(a.profileList, {}, alice);
    expect(info.profiles).toHaveLength(1);
    expect(info.profiles[0]).toMatchObject({ isDefault: true, maxRating: '18', kids: false });
    expect(info.currentProfileId).toBe(info.profiles[0]!.profileId);
    expect(info.pinSet).toBe(false);
  });

  it('a kids profile needs a parental PIN set first, then the PIN', async () => {
    const body = { name: 'Kid', avatar: 'star', lang: 'en', kids: true, maxRating: 'PG' };
    expect((await call(a.profileCreate, body, alice)).errCode).toBe(ProfileErrCode.PIN_REQUIRED);
    expect((await ok(a.parentalPinSet as CallDescriptor, { pin: '4321' }, alice)) as unknown).toEqual({
      pinSet: true,
    });
    expect((await call(a.profileCreate, { ...body, parentalPin: '0000' }, alice)).errCode).toBe(
      ProfileErrCode.PIN_WRONG,
    );
    const info = await ok(a.profileCreate, { ...body, parentalPin: '4321' }, alice);
    expect(info.profiles).toHaveLength(2);
    kids = info.profiles.find((p) => p.kids)!.profileId;
  });

  it("another account's profile is unknown: it cannot be selected, changed or deleted", async () => {
    expect((await call(a.profileSelect, { profileId: kids }, bob)).errCode).toBe(
      ProfileErrCode.PROFILE_NOT_FOUND,
    );
    expect((await call(a.profileUpdate, { profileId: kids, name: 'x' }, bob)).errCode).toBe(
      ProfileErrCode.PROFILE_NOT_FOUND,
    );
    expect((await call(a.profileDelete, { profileId: kids }, bob)).errCode).toBe(
      ProfileErrCode.PROFILE_NOT_FOUND,
    );
  });

  it('at most five profiles', async () => {
    const body = { avatar: 'sun', lang: 'es', kids: false, maxRating: '18' };
    for (const name of ['B', 'C', 'D']) await ok(a.profileCreate, { ...body, name }, alice);
    expect((await call(a.profileCreate, { ...body, name: 'F' }, alice)).errCode).toBe(
      ProfileErrCode.PROFILE_LIMIT,
    );
    const extra = (await ok(a.profileList, {}, alice)).profiles.filter((p) =>
      ['B', 'C', 'D'].includes(p.name),
    );
    for (const p of extra) await ok(a.profileDelete, { profileId: p.profileId }, alice);
  });

  it('favourites, history and resume points are per profile', async () => {
    const grown = (await ok(a.profileList, {}, alice)).currentProfileId;
    await vodData(t, v.favorAdd, { metaId: kidsTitle }, alice);
    await vodData(
      t,
      v.playProgressReport,
      {
        metaId: kidsTitle,
        videoType: 'MOVIE',
        imdbId: 'tt1',
        tmdbId: '1',
        episodeNo: null,
        seasonNo: null,
        played: false,
        playedTime: 42,
        playProgress: 7,
        totalDuration: 600,
      },
      alice,
    );
    await ok(a.profileSelect, { profileId: kids }, alice);
    expect((await vodData(t, v.favorMetaList, {}, alice)).total).toBe(0);
    expect((await vodData(t, v.historyMetaList, {}, alice)).total).toBe(0);
    expect((await vodData(t, v.playSource, { metaId: kidsTitle }, alice)).history).toBeNull();
    // Leaving the kids profile for the grown-up one needs the PIN.
    expect((await call(a.profileSelect, { profileId: grown }, alice)).errCode).toBe(
      ProfileErrCode.PIN_REQUIRED,
    );
    expect(
      (await ok(a.profileSelect, { profileId: grown, parentalPin: '4321' }, alice)).currentProfileId,
    ).toBe(grown);
    expect((await vodData(t, v.favorMetaList, {}, alice)).total).toBe(1);
    expect((await vodData(t, v.playSource, { metaId: kidsTitle }, alice)).history?.playedTime).toBe(42);
  });

  it('a kids profile does not see titles above its rating and the server refuses to play them without the PIN', async () => {
    await ok(a.profileSelect, { profileId: kids }, alice);
    const title = t.server.db.get<{ title: string }>(
      "SELECT title FROM vod_meta_texts WHERE meta_id = ? AND lang = 'en'",
      adult,
    )!.title;
    const found = await vodData(t, v.search, { keyword: title, pageId: 1, pageSize: 50 }, alice);
    expect(found.list.map((c) => c.metaId)).not.toContain(adult);
    const refused = (await vodCall(t, v.playSource, { metaId: adult }, alice)).body;
    expect(refused.errCode).toBe(ProfileErrCode.RATING_ABOVE_PROFILE);
    expect(refused.data).toBeUndefined();
    const allowed = await vodData(t, v.playSource, { metaId: adult, parentalPin: '4321' }, alice);
    expect(allowed.url).toContain('token=');
    // The grown-up profile finds and plays it.
    await ok(
      a.profileSelect,
      { profileId: (await ok(a.profileList, {}, alice)).profiles[0]!.profileId, parentalPin: '4321' },
      alice,
    );
    const again = await vodData(t, v.search, { keyword: title, pageId: 1, pageSize: 50 }, alice);
    expect(again.list.map((c) => c.metaId)).toContain(adult);
  });

  it('a live programme rated above the profile is refused on play', async () => {
    const ch = t.server.db.get<{ logical_channel_id: string; epg_id: string }>(
      "SELECT logical_channel_id, epg_id FROM channels WHERE epg_id <> '' ORDER BY channel_seq LIMIT 1",
    )!;
    const grownUp = (await ok(a.profileList, {}, alice)).currentProfileId;
    const channel = { logicalChannelId: ch.logical_channel_id, mode: 'live' };
    expect((await call(contract.live.channelPlaySource, channel, alice)).errCode).toBe(0);
    t.server.db.run("UPDATE epg_programs SET rating = 'TV-MA' WHERE epg_id = ?", ch.epg_id);
    await ok(a.profileSelect, { profileId: kids }, alice);
    expect((await call(contract.live.channelPlaySource, channel, alice)).errCode).toBe(
      ProfileErrCode.RATING_ABOVE_PROFILE,
    );
    expect(
      (await call(contract.live.channelPlaySource, { ...channel, parentalPin: '4321' }, alice)).errCode,
    ).toBe(0);
    await ok(a.profileSelect, { profileId: grownUp, parentalPin: '4321' }, alice);
    t.server.db.run("UPDATE epg_programs SET rating = '' WHERE epg_id = ?", ch.epg_id);
  });

  it('wrong PINs are attempt-limited: after five, even the right PIN waits', async () => {
    await ok(a.profileSelect, { profileId: kids }, alice);
    const grown = (await ok(a.profileList, {}, alice)).profiles[0]!.profileId;
    for (let i = 0; i < 5; i++) {
      expect((await call(a.profileSelect, { profileId: grown, parentalPin: '1111' }, alice)).errCode).toBe(
        ProfileErrCode.PIN_WRONG,
      );
    }
    expect((await call(a.profileSelect, { profileId: grown, parentalPin: '4321' }, alice)).errCode).toBe(
      ErrCode.TOO_MANY_ATTEMPTS,
    );
    t.advance(2 * 60_000);
    expect((await call(a.profileSelect, { profileId: grown, parentalPin: '4321' }, alice)).errCode).toBe(0);
  });
});
