import { describe, expect, it } from 'vitest';
import { $livePlayback, loadLivePlayback, setPlayUrlSource } from './playback.ts';

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
