import { errorFromEnvelope } from '@ottkit/api-client/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  detail: vi.fn(),
  episodes: vi.fn(),
  playSource: vi.fn(),
  historyAdd: vi.fn(async () => ({})),
  trailer: vi.fn(),
}));
vi.mock('../lib/api.ts', () => ({ browserApi: { vod: api } }));

const { $vodPlayer, closePlayer } = await import('./vodPlayer.ts');
const { startPlayback } = await import('./vodPlayback.ts');
const { $playPositions, rememberPosition } = await import('./progress.ts');

const position = (metaId: string, playedTime: number, extra = {}) => ({
  metaId,
  episode: null,
  season: null,
  playedTime,
  totalDuration: 1000,
  playProgress: playedTime / 10,
  played: false,
  updatedAt: 1,
  ...extra,
});
const detail = (metaId: string, extra: object = {}) => ({
  metaId,
  metaType: 'MOVIE',
  vodType: 'movie',
  title: `Title ${metaId}`,
  seriesId: null,
  seriesTitle: null,
  season: null,
  episode: null,
  noSeason: false,
  imdbId: 'tt1',
  tmdbId: '1',
  audioPosters: [],
  playable: true,
  nextEpisodeId: null,
  history: null,
  ...extra,
});
const source = (metaId: string, history: object | null = null) => ({
  metaId,
  url: `/media/${metaId}.m3u8`,
  history,
});

describe('VOD player requests', () => {
  beforeEach(() => {
    for (const fn of Object.values(api)) fn.mockReset();
    api.historyAdd.mockResolvedValue({});
    $playPositions.set({});
    closePlayer();
  });

  it('plays a movie from where the server says it stopped', async () => {
    api.detail.mockResolvedValue(detail('m1'));
    api.playSource.mockResolvedValue(source('m1', position('m1', 321.6)));
    expect(await startPlayback({ metaId: 'm1', kind: 'title', resume: true })).toBe('ok');
    const state = $vodPlayer.get();
    expect(state.state).toBe('ready');
    if (state.state !== 'ready') return;
    expect(state.item).toMatchObject({
      src: '/media/m1.m3u8',
      startTime: 321,
      report: { metaId: 'm1', videoType: 'MOVIE', imdbId: 'tt1', episodeNo: null },
      episodes: [],
      next: null,
    });
    expect(api.historyAdd).toHaveBeenCalledWith({ metaId: 'm1' });
  });

  it('prefers a newer position this browser remembers, and Start over starts at 0', async () => {
    api.detail.mockResolvedValue(detail('m1'));
    api.playSource.mockResolvedValue(source('m1', position('m1', 100)));
    rememberPosition({ metaId: 'm1', playedTime: 140, totalDuration: 1000, played: false, updatedAt: 5 });
    await startPlayback({ metaId: 'm1', kind: 'title', resume: true });
    expect($vodPlayer.get()).toMatchObject({ item: { startTime: 140 } });
    await startPlayback({ metaId: 'm1', kind: 'title', resume: false });
    expect($vodPlayer.get()).toMatchObject({ item: { startTime: 0 } });
  });

  it('a series plays its last watched episode, with the season for the selector and the next episode', async () => {
    api.detail.mockImplementation(async ({ metaId }: { metaId: string }) =>
      metaId === 's1'
        ? detail('s1', { metaType: 'SERIES', playable: false, history: position('e2', 50) })
        : detail(metaId, {
            metaType: 'EPISODE',
            seriesId: 's1',
            seriesTitle: 'Show',
            season: 1,
            episode: 2,
            nextEpisodeId: 'e3',
          }),
    );
    api.playSource.mockResolvedValue(source('e2', position('e2', 50)));
    api.episodes.mockResolvedValue({
      list: [1, 2, 3].map((n) => ({ metaId: `e${n}`, episode: n, title: `Ep ${n}` })),
    });
    await startPlayback({ metaId: 's1', kind: 'title', resume: true });
    expect(api.episodes).toHaveBeenCalledWith({ metaId: 's1', season: 1, pageSize: 500 });
    expect($vodPlayer.get()).toMatchObject({
      item: {
        metaId: 'e2',
        title: 'Show · Title e2',
        startTime: 50,
        report: { videoType: 'EPISODE', episodeNo: 2, seasonNo: 1 },
        next: { metaId: 'e3', episode: 3, title: 'Ep 3' },
      },
    });
    expect(($vodPlayer.get() as { item: { episodes: unknown[] } }).item.episodes).toHaveLength(3);
  });

  it('a series never watched starts at its first episode', async () => {
    api.detail.mockImplementation(async ({ metaId }: { metaId: string }) =>
      metaId === 's1' ? detail('s1', { metaType: 'SERIES', playable: false }) : detail(metaId),
    );
    api.episodes.mockResolvedValue({ list: [{ metaId: 'e1', episode: 1, title: 'Ep 1' }] });
    api.playSource.mockResolvedValue(source('e1'));
    await startPlayback({ metaId: 's1', kind: 'title', resume: true });
    expect($vodPlayer.get()).toMatchObject({ item: { metaId: 'e1', startTime: 0 } });
  });

  it('plays a trailer without progress reports', async () => {
    api.detail.mockResolvedValue(detail('m1'));
    api.trailer.mockResolvedValue({ list: [{ title: 'Trailer', url: '/media/t.m3u8' }] });
    await startPlayback({ metaId: 'm1', kind: 'trailer', resume: true });
    expect($vodPlayer.get()).toMatchObject({ item: { src: '/media/t.m3u8', report: null, startTime: 0 } });
    expect(api.historyAdd).not.toHaveBeenCalled();
  });

  it('a trailer above the profile asks for the PIN and plays as a trailer with it (issue 35)', async () => {
    api.detail.mockResolvedValue(detail('m1'));
    api.trailer.mockRejectedValueOnce(errorFromEnvelope(10111005, 'Rated 18', '/vodapi/trailer'));
    expect(await startPlayback({ metaId: 'm1', kind: 'trailer', resume: false })).toBe('rated');
    expect($vodPlayer.get()).toEqual({ state: 'rated', metaId: 'm1', kind: 'trailer', resume: false });
    api.trailer.mockResolvedValue({ list: [{ title: 'Trailer', url: '/media/t.m3u8' }] });
    await startPlayback({ metaId: 'm1', kind: 'trailer', resume: false, parentalPin: '2468' });
    expect(api.trailer).toHaveBeenLastCalledWith({ metaId: 'm1', parentalPin: '2468' });
    expect($vodPlayer.get()).toMatchObject({ state: 'ready', item: { kind: 'trailer' } });
  });

  it('shows the spec §8 text when the source is missing', async () => {
    api.detail.mockResolvedValue(detail('m1'));
    api.playSource.mockRejectedValue(new Error('nope'));
    expect(await startPlayback({ metaId: 'm1', kind: 'title', resume: true })).toBe('error');
    expect($vodPlayer.get()).toEqual({ state: 'error', metaId: 'm1', messageKey: 'error.unavailableSource' });
  });

  it('no authority on a title (spec §8, 5001-5005) is the no-authority prompt, not a source error', async () => {
    api.detail.mockResolvedValue(detail('m1'));
    api.playSource.mockRejectedValue(errorFromEnvelope(5001, 'No authority', '/vodapi/play'));
    expect(await startPlayback({ metaId: 'm1', kind: 'title', resume: true })).toBe('noAuthority');
    expect($vodPlayer.get()).toEqual({ state: 'noAuthority', metaId: 'm1' });
  });

  it('the latest request wins', async () => {
    let release: (v: unknown) => void = () => {};
    api.detail.mockImplementationOnce(() => new Promise((r) => (release = r)));
    api.detail.mockResolvedValue(detail('m2'));
    api.playSource.mockResolvedValue(source('m2'));
    const first = startPlayback({ metaId: 'm1', kind: 'title', resume: true });
    await startPlayback({ metaId: 'm2', kind: 'title', resume: true });
    release(detail('m1'));
    expect(await first).toBe('stale');
    expect($vodPlayer.get()).toMatchObject({ item: { metaId: 'm2' } });
  });
});
