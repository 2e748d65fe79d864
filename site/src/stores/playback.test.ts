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
