import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWarmCache, PREFETCH_REFRESH_MS, PREFETCH_STALE_MS, preloadAllowed } from './warm.ts';

const MASTER = 'https://o.test/a/master.m3u8?token=t';
const files: Record<string, string> = {
  [MASTER]:
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=3000000\nhi.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nlo.m3u8\n',
  'https://o.test/a/lo.m3u8':
    '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\n1.m4s\n#EXTINF:2,\n2.m4s\n#EXTINF:2,\n3.m4s\n#EXTINF:2,\n4.m4s\n',
  'https://o.test/a/init.mp4': 'I'.repeat(100),
  'https://o.test/a/2.m4s': 'S'.repeat(1000),
};

function setup(opts: { budget?: number; allowed?: boolean; lowLatency?: boolean } = {}) {
  const asked: string[] = [];
  const fetch = vi.fn(async (marked: string) => {
    // Every prefetch is marked for the origin (decision 0258); the files are what the engine asks for.
    expect(new URL(marked).searchParams.get('prefetch')).toBe('1');
    const url = marked.replace(/[?&]prefetch=1$/, '');
    asked.push(url);
    const body = files[url];
    return new Response(body ?? '', { status: body ? 200 : 404 });
  }) as unknown as typeof globalThis.fetch;
  const cache = createWarmCache({
    fetch,
    budgetBytesPerMinute: opts.budget,
    allowed: () => opts.allowed ?? true,
    lowLatency: () => opts.lowLatency ?? false,
  });
  return { cache, asked };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('createWarmCache', () => {
  it('fetches the master, the lowest variant, its init segment and the live start segment, and hands them out', async () => {
    const { cache, asked } = setup();
    cache.set([{ src: MASTER }]);
    await settle();
    expect(asked).toEqual([
      MASTER,
      'https://o.test/a/lo.m3u8',
      'https://o.test/a/init.mp4',
      'https://o.test/a/2.m4s',
    ]);
    expect(cache.isWarm(MASTER)).toBe(true);
    expect(cache.take(MASTER)?.data).toBe(files[MASTER]);
    expect(cache.take('https://o.test/a/2.m4s')?.data).toBeInstanceOf(ArrayBuffer);
    // Live entries are handed out once: the next reload goes to the network.
    expect(cache.take('https://o.test/a/2.m4s')).toBeUndefined();
    expect(cache.take('https://o.test/a/init.mp4')).toBeDefined();
    expect(cache.bytes).toBeGreaterThan(1100);
  });

  it('stops a round half-way when its channel stops being a target (a zap to it)', async () => {
    const { cache, asked } = setup();
    cache.set([{ src: MASTER }]);
    // The master and the variant playlist are asked; the viewer zaps to the channel before the init segment.
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    cache.set([]);
    await settle();
    await vi.advanceTimersByTimeAsync(PREFETCH_REFRESH_MS * 2);
    expect(asked.length).toBeLessThanOrEqual(2);
    expect(asked).not.toContain('https://o.test/a/init.mp4');
    expect(cache.isWarm(MASTER)).toBe(false);
  });

  it('refreshes the live parts while warm and drops them once stale', async () => {
    const { cache, asked } = setup();
    cache.set([{ src: MASTER }]);
    await settle();
    asked.length = 0;
    await vi.advanceTimersByTimeAsync(PREFETCH_REFRESH_MS);
    // Master and init are kept; the media playlist and the start segment are fetched again.
    expect(asked).toEqual(['https://o.test/a/lo.m3u8', 'https://o.test/a/2.m4s']);
    cache.set([]);
    expect(cache.take('https://o.test/a/2.m4s')).toBeUndefined();
    expect(cache.isWarm(MASTER)).toBe(false);
  });

  it('does not hand out a live part older than the stale limit', async () => {
    const { cache } = setup({ budget: 2_000 });
    cache.set([{ src: MASTER }]);
    await settle();
    // The budget is spent: no refresh, so the segment goes stale.
    await vi.advanceTimersByTimeAsync(PREFETCH_STALE_MS);
    expect(cache.take('https://o.test/a/2.m4s')).toBeUndefined();
    expect(cache.take(MASTER)).toBeDefined();
  });

  it('stays within the byte budget per minute', async () => {
    const { cache, asked } = setup({ budget: 1_500 });
    cache.set([{ src: MASTER }]);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(cache.bytes).toBeLessThan(1_500 + 1_000);
    expect(asked.filter((u) => u.endsWith('2.m4s'))).toHaveLength(1);
  });

  it('fetches nothing when preloading is not allowed (metered, Save-Data)', async () => {
    const { cache, asked } = setup({ allowed: false });
    cache.set([{ src: MASTER }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toEqual([]);
  });

  it('keeps what was fetched for the channel being loaded when the next list no longer names it (a zap)', async () => {
    const { cache } = setup();
    cache.set([{ src: MASTER }]);
    await settle();
    cache.loading(MASTER);
    cache.set([{ src: 'https://o.test/other/master.m3u8' }]);
    expect(cache.take('https://o.test/a/lo.m3u8')).toBeDefined();
    cache.set([]);
    expect(cache.take('https://o.test/a/2.m4s')).toBeDefined();
    // Still handed out once, and gone once stale.
    expect(cache.take('https://o.test/a/2.m4s')).toBeUndefined();
  });

  it('warms a channel with parts by the parts a low-latency start plays, and dates its playlist (issue 41)', async () => {
    const LL = 'https://o.test/b/master.m3u8';
    files[LL] = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000\nlo.m3u8\n';
    files['https://o.test/b/lo.m3u8'] = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.200',
      '#EXT-X-PART-INF:PART-TARGET=0.400',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:2,',
      '1.m4s',
      '#EXT-X-PART:DURATION=0.400,URI="2.0.m4s",INDEPENDENT=YES',
      '#EXT-X-PART:DURATION=0.400,URI="2.1.m4s"',
      '#EXT-X-PART:DURATION=0.400,URI="2.2.m4s"',
      '#EXT-X-PART:DURATION=0.400,URI="2.3.m4s"',
    ].join('\n');
    for (const k of [0, 1, 2, 3]) files[`https://o.test/b/2.${k}.m4s`] = 'P'.repeat(100);
    files['https://o.test/b/init.mp4'] = 'I'.repeat(100);
    const { cache, asked } = setup({ lowLatency: true });
    cache.set([{ src: LL }]);
    await settle();
    expect(asked.slice(3)).toEqual([0, 1, 2, 3].map((k) => `https://o.test/b/2.${k}.m4s`));
    await vi.advanceTimersByTimeAsync(1_000);
    // Its playlist comes with its age (hls.js then starts nearer the moved edge); a part and a master do not.
    expect(cache.take('https://o.test/b/lo.m3u8')?.ageMs).toBe(1_000);
    expect(cache.take('https://o.test/b/2.0.m4s')?.ageMs).toBeUndefined();
    expect(cache.take(LL)?.ageMs).toBeUndefined();
  });

  it('skips a target whose URLs expired', async () => {
    const { cache, asked } = setup();
    cache.set([{ src: MASTER, expiresAt: Date.now() - 1 }]);
    await settle();
    expect(asked).toEqual([]);
  });
});

describe('preloadAllowed', () => {
  const nav = globalThis.navigator;
  afterEach(() => Object.defineProperty(globalThis, 'navigator', { value: nav, configurable: true }));
  const withConnection = (connection: object) =>
    Object.defineProperty(globalThis, 'navigator', { value: { connection }, configurable: true });
  it('is off for Save-Data, cellular and 2G-class links, on otherwise', () => {
    withConnection({ saveData: true });
    expect(preloadAllowed()).toBe(false);
    withConnection({ type: 'cellular' });
    expect(preloadAllowed()).toBe(false);
    withConnection({ effectiveType: 'slow-2g' });
    expect(preloadAllowed()).toBe(false);
    withConnection({ type: 'wifi', effectiveType: '4g', saveData: false });
    expect(preloadAllowed()).toBe(true);
  });
});
