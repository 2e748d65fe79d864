import { describe, expect, it } from 'vitest';
import { $catchup, $livePlayback, loadLivePlayback, openCatchup, setPlayUrlSource } from './playback.ts';

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
