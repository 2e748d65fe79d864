import { ErrCode, errorFromEnvelope } from '@ottkit/api-client/client';
import { ProfileErrCode } from '@ottkit/api-client/profiles';
import { describe, expect, it } from 'vitest';
import {
  $catchup,
  $livePlayback,
  loadLivePlayback,
  openCatchup,
  type PlayRequest,
  renewLivePlayback,
  setPlayUrlSource,
} from './playback.ts';

describe('loadLivePlayback', () => {
  it('keeps the latest channel when answers arrive out of order', async () => {
    const waiters: Record<string, (url: string) => void> = {};
    setPlayUrlSource(
      (req) =>
        new Promise((resolve) => {
          waiters[req.logicalChannelId] = (url) => resolve({ url, authority: true });
        }),
    );
    const first = loadLivePlayback({ logicalChannelId: 'a' });
    const second = loadLivePlayback({ logicalChannelId: 'b' });
    waiters.b?.('/b.m3u8');
    await second;
    waiters.a?.('/a.m3u8');
    await first;
    expect($livePlayback.get()).toEqual({
      state: 'ready',
      logicalChannelId: 'b',
      url: '/b.m3u8',
      authority: true,
    });
  });

  it('shows the spec text when the request fails', async () => {
    setPlayUrlSource(async () => {
      throw new Error('x');
    });
    await loadLivePlayback({ logicalChannelId: 'c' });
    expect($livePlayback.get()).toEqual({
      state: 'error',
      logicalChannelId: 'c',
      messageKey: 'error.unavailableSource',
    });
  });
});

describe('renewLivePlayback (decision 0100)', () => {
  it('hands the player fresh URLs of the channel watched, keeping a time-shift start', async () => {
    const asked: PlayRequest[] = [];
    let n = 0;
    setPlayUrlSource(async (req) => {
      asked.push(req);
      n += 1;
      return {
        url: `/l.m3u8?token=${n}`,
        authority: true,
        timeshiftUrl: `/d.m3u8?token=${n}`,
        timeshiftStart: 5,
        expiresAt: n,
      };
    });
    await loadLivePlayback({ logicalChannelId: 'a' });
    expect(await renewLivePlayback('a', 5)).toEqual({
      src: '/l.m3u8?token=2',
      timeshiftSrc: '/d.m3u8?token=2',
      timeshiftStart: 5,
      expiresAt: 2,
      drm: undefined,
    });
    expect(asked[1]).toEqual({ logicalChannelId: 'a', kind: 'live', start: 5 });
    // The store keeps the first answer: a renewal is no channel change.
    expect($livePlayback.get()).toMatchObject({ url: '/l.m3u8?token=1' });
    expect(await renewLivePlayback('other', undefined)).toBeNull();
  });

  it('an answer with another authority is no renewal: the store takes it and the player reloads', async () => {
    let authority = false;
    setPlayUrlSource(async () => ({ url: authority ? '/real.m3u8' : '/fallback.m3u8', authority }));
    await loadLivePlayback({ logicalChannelId: 'a' });
    authority = true;
    expect(await renewLivePlayback('a', undefined)).toBeNull();
    expect($livePlayback.get()).toMatchObject({ state: 'ready', url: '/real.m3u8', authority: true });
  });
});

describe('openCatchup', () => {
  const programme = { programId: 'p1', title: 'The Debate', start: 1_000, stop: 5_000 };

  it('keeps the programme it plays, so the dialog never depends on the guide list', async () => {
    const asked: unknown[] = [];
    setPlayUrlSource(async (req) => {
      asked.push(req);
      return { url: '/c.m3u8', authority: true };
    });
    expect(await openCatchup('lc-1', programme)).toBe(true);
    expect(asked).toEqual([{ logicalChannelId: 'lc-1', kind: 'catchup', start: 1_000, stop: 5_000 }]);
    expect($catchup.get()).toEqual({
      state: 'ready',
      logicalChannelId: 'lc-1',
      programId: 'p1',
      programme,
      url: '/c.m3u8',
      authority: true,
    });
  });

  it('closes when the server refuses the programme', async () => {
    setPlayUrlSource(async () => {
      throw new Error('refused');
    });
    expect(await openCatchup('lc-1', programme)).toBe(false);
    expect($catchup.get()).toBeNull();
  });
});

describe('a play refused for its rating asks for the parental PIN (issue 20 §2)', () => {
  const refusal = (code: number) => errorFromEnvelope(code, 'refused', '/play');
  /** A source that refuses without the right PIN (as the server does) and records what it was asked. */
  function ratedSource(wrongAnswer: number = ProfileErrCode.PIN_WRONG) {
    const asked: PlayRequest[] = [];
    setPlayUrlSource(async (req) => {
      asked.push(req);
      if (req.parentalPin === undefined) throw refusal(ProfileErrCode.RATING_ABOVE_PROFILE);
      if (req.parentalPin !== '2468') throw refusal(wrongAnswer);
      return { url: `/${req.logicalChannelId}.m3u8`, authority: true, expiresAt: 1 };
    });
    return asked;
  }

  it('live: rated, then a wrong PIN says so, then the right PIN plays and its renewals carry it', async () => {
    const asked = ratedSource();
    await loadLivePlayback({ logicalChannelId: 'r1' });
    expect($livePlayback.get()).toEqual({ state: 'rated', logicalChannelId: 'r1' });
    await loadLivePlayback({ logicalChannelId: 'r1' }, '0000');
    expect($livePlayback.get()).toEqual({
      state: 'rated',
      logicalChannelId: 'r1',
      messageKey: 'profiles.pin.wrong',
    });
    await loadLivePlayback({ logicalChannelId: 'r1' }, '2468');
    expect($livePlayback.get()).toMatchObject({ state: 'ready', logicalChannelId: 'r1' });
    await renewLivePlayback('r1', 5);
    expect(asked.at(-1)).toMatchObject({ logicalChannelId: 'r1', start: 5, parentalPin: '2468' });
    // Zapping away forgets it: coming back asks again.
    await loadLivePlayback({ logicalChannelId: 'other' });
    await loadLivePlayback({ logicalChannelId: 'r1' });
    expect($livePlayback.get()).toEqual({ state: 'rated', logicalChannelId: 'r1' });
  });

  it('live: after too many wrong PINs the lock text shows', async () => {
    ratedSource(ErrCode.TOO_MANY_ATTEMPTS);
    await loadLivePlayback({ logicalChannelId: 'r2' }, '1111');
    expect($livePlayback.get()).toEqual({
      state: 'rated',
      logicalChannelId: 'r2',
      messageKey: 'profiles.pin.locked',
    });
  });

  it('catch-up: rated keeps the programme for the prompt; the right PIN opens it', async () => {
    ratedSource();
    const programme = { programId: 'p9', title: 'Late film', start: 10, stop: 20 };
    expect(await openCatchup('r3', programme)).toBe('rated');
    expect($catchup.get()).toEqual({ state: 'rated', logicalChannelId: 'r3', programId: 'p9', programme });
    expect(await openCatchup('r3', programme, '2468')).toBe(true);
    expect($catchup.get()).toMatchObject({ state: 'ready', programId: 'p9', url: '/r3.m3u8' });
  });
});
