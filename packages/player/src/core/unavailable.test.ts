import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_UNAVAILABLE_MS, LIVE_UNAVAILABLE_RETRY_MS } from './constants.ts';
import { createPlayerCore } from './core.ts';
import { FakeMedia, fakeLoader } from './fakes.test-helpers.ts';

const flush = () => vi.advanceTimersByTimeAsync(0);

function setup() {
  const media = new FakeMedia();
  const { log, loader } = fakeLoader();
  const core = createPlayerCore({ loadEngine: loader });
  core.attach(media.asElement());
  return { media, log, core };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1, 12));
});
afterEach(() => vi.useRealTimers());

/** Issue 36: a dead channel showed a spinner for a minute and more. */
describe('a live channel that does not play', () => {
  it('is said to be unavailable after LIVE_UNAVAILABLE_MS without a frame, and plays on when it comes back', async () => {
    const { media, core } = setup();
    core.load({ src: 'a.m3u8', id: 'a' });
    await flush();
    await vi.advanceTimersByTimeAsync(LIVE_UNAVAILABLE_MS - 1_000);
    expect(core.getState().unavailable).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(core.getState()).toMatchObject({ unavailable: true, state: 'loading' });
    media.fire('playing');
    expect(core.getState()).toMatchObject({ unavailable: false, state: 'playing' });
  });

  it('turns a network failure into the notice and reloads quietly until the channel answers', async () => {
    const { media, log, core } = setup();
    core.load({ src: 'a.m3u8', id: 'a' });
    await flush();
    log.events?.fatal('manifestLoadError', 'manifestLoadError (HTTP 503)', 'network');
    expect(core.getState()).toMatchObject({ unavailable: true, state: 'loading', error: null });
    await vi.advanceTimersByTimeAsync(LIVE_UNAVAILABLE_RETRY_MS);
    expect(log.loads).toHaveLength(2);
    log.events?.fatal('manifestLoadError', 'manifestLoadError (HTTP 503)', 'network');
    await vi.advanceTimersByTimeAsync(LIVE_UNAVAILABLE_RETRY_MS);
    expect(log.loads).toHaveLength(3);
    media.fire('playing');
    expect(core.getState().unavailable).toBe(false);
  });

  it('Retry reloads at once, in place of the pending background reload', async () => {
    const { log, core } = setup();
    core.load({ src: 'a.m3u8', id: 'a' });
    await flush();
    log.events?.fatal('levelLoadError', 'levelLoadError', 'network');
    core.play();
    await flush();
    expect(log.loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(LIVE_UNAVAILABLE_RETRY_MS);
    expect(log.loads).toHaveLength(2);
  });

  it('a media failure on live still shows as an error', async () => {
    const { log, core } = setup();
    core.load({ src: 'a.m3u8', id: 'a' });
    await flush();
    log.events?.fatal('bufferAppendError', 'bufferAppendError', 'media');
    expect(core.getState()).toMatchObject({ state: 'error', unavailable: false });
  });
});
