import { describe, expect, it } from 'vitest';
import { HLS_LIVE_LOAD_POLICIES, LIVE_RETRY, liveShouldRetry } from './retry.ts';

const config = { ...LIVE_RETRY };
const response = (code: number) => ({ url: 'https://origin/live.m3u8', code, data: '' });

describe('live load retries', () => {
  it('asks again when the origin does not answer, times out or fails', () => {
    expect(liveShouldRetry(config, 0, false, response(0))).toBe(true);
    expect(liveShouldRetry(config, 0, false, undefined)).toBe(true);
    expect(liveShouldRetry(config, 3, true, undefined)).toBe(true);
    expect(liveShouldRetry(config, 0, false, response(503))).toBe(true);
    expect(liveShouldRetry(config, 0, false, response(429))).toBe(true);
  });

  it('does not ask again for an answer that will not change, nor past the last try', () => {
    expect(liveShouldRetry(config, 0, false, response(404))).toBe(false);
    expect(liveShouldRetry(config, 0, false, response(403))).toBe(false);
    expect(liveShouldRetry(config, LIVE_RETRY.maxNumRetry, false, response(0))).toBe(false);
    expect(liveShouldRetry(null, 0, false, response(0))).toBe(false);
  });

  it('keeps trying for about a minute with the back-off capped at 2 s', () => {
    let total = 0;
    for (let n = 0; n < LIVE_RETRY.maxNumRetry; n++) {
      total += Math.min(LIVE_RETRY.retryDelayMs * 2 ** n, LIVE_RETRY.maxRetryDelayMs);
    }
    expect(total).toBeGreaterThanOrEqual(50_000);
    expect(total).toBeLessThanOrEqual(65_000);
    const playlist = HLS_LIVE_LOAD_POLICIES.playlistLoadPolicy.default;
    expect(playlist.errorRetry?.maxRetryDelayMs).toBe(2_000);
    expect(playlist.errorRetry?.shouldRetry).toBe(liveShouldRetry);
    expect(HLS_LIVE_LOAD_POLICIES.fragLoadPolicy.default.timeoutRetry?.shouldRetry).toBe(liveShouldRetry);
  });
});
