import { ErrCode } from '@ottkit/api-client';
import { contract, DRM_LICENSE_PATH, PlaybackErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseServersFromEnv } from '../src/http/routes/playback.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { makeChannel } from '../src/seed/channels.ts';
import { insertChannel } from '../src/store/channels.ts';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';
import { tokenClaims } from './origin-fixture.ts';

const call = contract.live.channelPlaySource;
let t: TestServer;
let guest: Record<string, string>;
let user: Record<string, string>;

beforeAll(async () => {
  t = await startServer();
  const v = await t.post(contract.account.visitorLogin.path, { deviceId: 'device-0001' });
  guest = bearer((v.body.data as { tokens: { token: string } }).tokens.token);
  user = bearer((await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token);
});
afterAll(() => t.close());

type PlaySource = ReturnType<typeof call.response.parse>;

const play = async (
  body: Record<string, unknown>,
  headers = guest,
): Promise<{ errCode: number; data?: PlaySource }> => {
  const res = await t.post(call.path, body, headers);
  return res.body.errCode === 0
    ? { errCode: 0, data: call.response.parse(res.body.data) }
    : { errCode: res.body.errCode };
};
const tokenOf = tokenClaims;

describe('channel play source (spec §4 authority)', () => {
  it('a free channel: the live URL of its stream, signed for the caller', async () => {
    const r = await play({ logicalChannelId: 'lc-001' });
    expect(r.errCode).toBe(0);
    expect(r.data).toMatchObject({
      mode: 'live',
      authorized: true,
      drmType: 'none',
      channelType: 1,
      mediaQualityList: [20, 1, 2],
    });
    expect(r.data?.url).toMatch(/^\/media\/live\/ch1\/master\.m3u8\?token=/);
    expect(tokenOf(r.data?.url ?? '')).toMatchObject({ r: 'live/ch1', k: 'live' });
  });

  it('no live authority: the fallback clip, marked unauthorised', async () => {
    const r = await play({ logicalChannelId: 'lc-002' });
    expect(r.data).toMatchObject({ authorized: false, mode: 'live' });
    expect(r.data?.url).toMatch(/^\/media\/live\/fallback\/master\.m3u8\?token=/);
  });

  it('a subscriber gets the premium channel itself', async () => {
    const r = await play({ logicalChannelId: 'lc-002' }, user);
    expect(r.data?.authorized).toBe(true);
    expect(r.data?.url).toMatch(/^\/media\/live\/ch2\//);
  });

  it('time-shift: the DVR playlist from the given start', async () => {
    const start = t.clock.now - 600_000;
    const r = await play({ logicalChannelId: 'lc-001', mode: 'timeshift', start });
    expect(r.data?.url).toMatch(new RegExp(`^/media/dvr/ch1/master\\.m3u8\\?token=[\\w.-]+&start=${start}$`));
  });

  it('catch-up inside the window: a URL bound to the programme', async () => {
    const start = t.clock.now - 2 * 86_400_000;
    const r = await play({ logicalChannelId: 'lc-001', mode: 'catchup', start, stop: start + 1_800_000 });
    expect(r.data?.url).toBe(
      `/media/catchup/ch1/${start}-${start + 1_800_000}/master.m3u8?token=${new URL(r.data?.url ?? '', 'http://x').searchParams.get('token')}`,
    );
    expect(tokenOf(r.data?.url ?? '')).toMatchObject({
      k: 'catchup',
      r: `catchup/ch1/${start}-${start + 1_800_000}`,
    });
  });

  it('catch-up outside playbackDuration, not started, not offered, or without authority: errors', async () => {
    const old = t.clock.now - 8 * 86_400_000;
    expect(
      (await play({ logicalChannelId: 'lc-001', mode: 'catchup', start: old, stop: old + 60_000 })).errCode,
    ).toBe(PlaybackErrCode.CATCHUP_OUT_OF_WINDOW);
    const later = t.clock.now + 60_000;
    expect(
      (await play({ logicalChannelId: 'lc-001', mode: 'catchup', start: later, stop: later + 60_000 }))
        .errCode,
    ).toBe(PlaybackErrCode.CATCHUP_NOT_STARTED);
    const recent = t.clock.now - 3_600_000;
    expect(
      (await play({ logicalChannelId: 'lc-002', mode: 'catchup', start: recent, stop: recent + 60_000 }))
        .errCode,
    ).toBe(ErrCode.NO_AUTHORITY_FIRST);
    // Metro Local (lc-016, free) keeps no catch-up.
    expect(
      (await play({ logicalChannelId: 'lc-016', mode: 'catchup', start: recent, stop: recent + 60_000 }))
        .errCode,
    ).toBe(PlaybackErrCode.CATCHUP_NOT_OFFERED);
  });

  it('an audio channel says so; an unknown channel is CHANNEL_NOT_FOUND', async () => {
    const radio = await play({ logicalChannelId: 'lc-008' });
    expect(radio.data).toMatchObject({ channelType: 5 });
    expect(radio.data?.url).toMatch(/^\/media\/live\/audio1\//);
    expect((await play({ logicalChannelId: 'lc-999' })).errCode).toBe(ErrCode.CHANNEL_NOT_FOUND);
  });
});

describe('protected channels', () => {
  const add = (seq: number, drmType: string, liveStreamId: string, safari?: string) => {
    const c = makeChannel(
      seq,
      { name: `Protected ${seq}`, columns: ['col-news'], rights: 'free', days: 7 },
      0,
      'tp',
    );
    const [pc] = c.physicalChannelList;
    if (!pc) throw new Error('no physical channel');
    insertChannel(t.server.db, {
      ...c,
      drmType,
      liveStreamId,
      physicalChannelList: [
        {
          ...pc,
          drmType,
          liveStreamId,
          dvrStreamId: liveStreamId,
          multiDrmLiveStreamIdMap: safari ? { safari } : {},
          multiDrmDvrStreamIdMap: safari ? { safari } : {},
        },
      ],
    });
    return c.logicalChannelId;
  };

  it('a ClearKey channel: the CENC stream and a licence URL carrying the same token', async () => {
    const id = add(901, 'clearkey', 'ch2-cenc');
    const r = await play({ logicalChannelId: id });
    expect(r.data?.drmType).toBe('clearkey');
    expect(r.data?.url).toMatch(/^\/media\/live\/ch2-cenc\/master\.m3u8\?token=/);
    const token = new URL(r.data?.url ?? '', 'http://x').searchParams.get('token');
    expect(r.data?.licenseUrl).toBe(`${DRM_LICENSE_PATH}?token=${token}`);
  });

  it('an AES-128 channel: its stream, no licence', async () => {
    const r = await play({ logicalChannelId: add(902, 'aes-128', 'ch3-aes') });
    expect(r.data).toMatchObject({ drmType: 'aes-128' });
    expect(r.data?.licenseUrl).toBeUndefined();
    expect(r.data?.url).toMatch(/^\/media\/live\/ch3-aes\//);
  });

  it('the seeded protected channels: lc-020 AES-128 and lc-037 ClearKey, Safari on the AES-128 stream', async () => {
    const aes = await play({ logicalChannelId: 'lc-020' });
    expect(aes.data).toMatchObject({ authorized: true, drmType: 'aes-128' });
    expect(aes.data?.url).toMatch(/^\/media\/live\/ch3-aes\/master\.m3u8\?token=/);
    const cenc = await play({ logicalChannelId: 'lc-037' });
    expect(cenc.data).toMatchObject({ authorized: true, drmType: 'clearkey' });
    expect(cenc.data?.url).toMatch(/^\/media\/live\/ch2-cenc\/master\.m3u8\?token=/);
    expect(cenc.data?.licenseUrl).toMatch(new RegExp(`^${DRM_LICENSE_PATH}\\?token=`));
    expect(cenc.data?.safariUrl).toMatch(/^\/media\/live\/ch2-aes\/master\.m3u8\?token=/);
    const start = t.clock.now - 3_600_000;
    const past = await play({ logicalChannelId: 'lc-037', mode: 'catchup', start, stop: start + 600_000 });
    expect(past.data?.url).toMatch(/^\/media\/catchup\/ch2-cenc\//);
    expect(tokenOf(past.data?.licenseUrl ?? '')).toMatchObject({ k: 'catchup' });
  });

  it('a commercial-DRM channel: the Safari entry as its own signed URL, licence servers from configuration', async () => {
    const r = await play({ logicalChannelId: add(903, 'widevine', 'ch1', 'ch1-aes') });
    expect(r.data?.safariUrl).toMatch(/^\/media\/live\/ch1-aes\/master\.m3u8\?token=/);
    expect(r.data?.licenseServers).toBeUndefined();
    expect(licenseServersFromEnv({ OTTKIT_WIDEVINE_LICENSE_URL: 'https://wv.example/license' })).toEqual({
      'com.widevine.alpha': 'https://wv.example/license',
    });
  });
});
