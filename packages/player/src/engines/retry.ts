import type { HlsConfig, LoaderConfig, LoaderResponse, LoadPolicy, RetryConfig } from 'hls.js';

/**
 * How long a live stream keeps asking an origin that stopped answering (decision 0120): about a minute of
 * retries, the same span as the live stall reload (spec §9, 60 s), then the error shows with Retry.
 */
export const LIVE_RETRY: Readonly<Omit<RetryConfig, 'shouldRetry'>> = {
  maxNumRetry: 30,
  retryDelayMs: 500,
  // Back-off capped low, so playback resumes within a couple of seconds of the origin coming back.
  maxRetryDelayMs: 2_000,
  backoff: 'exponential',
};

/**
 * Worth asking again: no answer at all (status 0: connection refused or reset, an origin restarting), a timeout,
 * 408/429, or a server error. A 4xx (missing playlist, refused token) will not change by asking again.
 */
export function liveShouldRetry(
  config: RetryConfig | null | undefined,
  retryCount: number,
  isTimeout: boolean,
  response: LoaderResponse | undefined,
): boolean {
  if (!config || retryCount >= config.maxNumRetry) return false;
  const status = response?.code ?? 0;
  return isTimeout || status === 0 || status === 408 || status === 429 || status >= 500;
}

const policy = (base: Pick<LoaderConfig, 'maxTimeToFirstByteMs' | 'maxLoadTimeMs'>): LoadPolicy => ({
  default: {
    ...base,
    timeoutRetry: { ...LIVE_RETRY, shouldRetry: liveShouldRetry },
    errorRetry: { ...LIVE_RETRY, shouldRetry: liveShouldRetry },
  },
});

/**
 * hls.js load policies for live and time-shift: playlist reloads and segments retry with capped back-off
 * instead of ending playback after hls.js's default two or six tries (a 5 s outage ended live playback with
 * levelLoadError). The first manifest load keeps hls.js's defaults, so a wrong address fails fast.
 */
export const HLS_LIVE_LOAD_POLICIES: Pick<HlsConfig, 'playlistLoadPolicy' | 'fragLoadPolicy'> = {
  playlistLoadPolicy: policy({ maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 20_000 }),
  fragLoadPolicy: policy({ maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 120_000 }),
};
