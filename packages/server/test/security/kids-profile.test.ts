import { contract } from '@ottkit/api-client';
import { ProfileErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startServer, type TestServer } from '../helpers.ts';
import { loginToken, vodCall } from '../vodHelpers.ts';

// Issue 35: a kids profile's ways out. A QR login approved from a kids session opened the adult profile, another
// kids profile was reachable without the PIN, and trailers of 18-rated titles played on a kids profile.
const A = contract.account;
const PIN = '2468';
let t: TestServer;
let parent: string;
let kids: string;
let otherKids: string;
let adultTitle: string;

const post = (path: string, body: unknown, token: string) => t.post(path, body, bearer(token));
async function profileNow(token: string) {
  const r = await post(A.profileList.path, {}, token);
  return (r.body.data as { currentProfileId: string }).currentProfileId;
}

beforeAll(async () => {
  t = await startServer();
  parent = await loginToken(t, 'demo@ottkit.test');
  adultTitle = 'm-001';
  t.server.db.run("UPDATE vod_metas SET age_rating = '18' WHERE meta_id = ?", adultTitle);
  expect((await post(A.parentalPinSet.path, { pin: PIN }, parent)).body.errCode).toBe(0);
  const made = async (name: string) => {
    const r = await post(
      A.profileCreate.path,
      { name, avatar: 'star', lang: 'en', kids: true, maxRating: 'PG', parentalPin: PIN },
      parent,
    );
    const list = (r.body.data as { profiles: { profileId: string; name: string }[] }).profiles;
    return list.find((p) => p.name === name)?.profileId as string;
  };
  kids = await made('Kid');
  otherKids = await made('Other kid');
  // The parent hands the device over: going to a kids profile narrows what it sees, no PIN asked.
  expect((await post(A.profileSelect.path, { profileId: kids }, parent)).body.errCode).toBe(0);
});
afterAll(() => t.close());

describe('a kids profile stays kids', () => {
  it('a box logged in by QR approval from a kids session starts on that kids profile', async () => {
    const box = A.scanCode.response.parse((await t.post(A.scanCode.path, { deviceName: 'Box' })).body.data);
    expect((await post(A.scanCodeLogin.path, { scanCodeId: box.scanCodeId }, parent)).body.errCode).toBe(0);
    const got = await t.post(A.quickLoginToken.path, {
      scanCodeId: box.scanCodeId,
      pollToken: box.pollToken,
    });
    const boxToken = A.quickLoginToken.response.parse(got.body.data).tokens.token;
    expect(await profileNow(boxToken)).toBe(kids);
    const play = await vodCall(t, contract.vod.playSource, { metaId: adultTitle }, boxToken);
    expect(play.body.errCode).toBe(ProfileErrCode.RATING_ABOVE_PROFILE);
  });

  it('leaving a kids profile needs the PIN, even for another kids profile', async () => {
    const away = await post(A.profileSelect.path, { profileId: otherKids }, parent);
    expect(away.body.errCode).toBe(ProfileErrCode.PIN_REQUIRED);
    expect(await profileNow(parent)).toBe(kids);
    const withPin = await post(A.profileSelect.path, { profileId: otherKids, parentalPin: PIN }, parent);
    expect(withPin.body.errCode).toBe(0);
    expect(
      (await post(A.profileSelect.path, { profileId: kids, parentalPin: PIN }, parent)).body.errCode,
    ).toBe(0);
  });

  it('a trailer of an 18-rated title does not play on a kids profile without the PIN', async () => {
    const refused = await vodCall(t, contract.vod.trailer, { metaId: adultTitle }, parent);
    expect(refused.body.errCode).toBe(ProfileErrCode.RATING_ABOVE_PROFILE);
    expect(refused.body.data).toBeUndefined();
    const allowed = await vodCall(t, contract.vod.trailer, { metaId: adultTitle, parentalPin: PIN }, parent);
    expect(allowed.body.errCode, allowed.body.errMsg).toBe(0);
  });

  it('the grown-up profile still gets the trailer', async () => {
    const grownUp = await loginToken(t, 'demo@ottkit.test');
    const r = await vodCall(t, contract.vod.trailer, { metaId: adultTitle }, grownUp);
    expect(r.body.errCode, r.body.errMsg).toBe(0);
  });
});
