import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine, EngineEvents } from '../engines/types.ts';
import { createPlayerCore } from './core.ts';
import { FakeMedia } from './fakes.test-helpers.ts';
import { activeCueText, chooseTracks } from './tracks.ts';
import type { PlayerEvents, TrackList } from './types.ts';

const en = { id: '0', language: 'en', label: 'English' };
const es = { id: '1', language: 'es', label: 'Español' };
const list = (o: Partial<TrackList> = {}): TrackList => ({
  audio: [en, es],
  audioId: '0',
  text: [en, es],
  textId: null,
  ...o,
});

describe('chooseTracks (decision 0291)', () => {
  it('audio in the viewer’s language, subtitles off when the audio is in it', () => {
    expect(chooseTracks(list(), { language: 'es-MX' })).toEqual({ audio: '1', text: null });
    expect(chooseTracks(list(), { language: 'en' })).toEqual({ audio: '0', text: null });
  });
  it('subtitles in the viewer’s language when no audio is', () => {
    expect(chooseTracks(list(), { language: 'es' }).text).toBeNull();
    expect(chooseTracks(list({ audio: [en] }), { language: 'es' })).toEqual({ audio: undefined, text: '1' });
    expect(chooseTracks(list({ audio: [] }), { language: 'en' })).toEqual({ audio: undefined, text: null });
  });
  it('remembered choices win over the viewer’s language; text "off" keeps subtitles off', () => {
    expect(chooseTracks(list(), { language: 'en', audio: 'es', text: 'es' })).toEqual({
      audio: '1',
      text: '1',
    });
    expect(chooseTracks(list({ audio: [en] }), { language: 'es', text: 'off' }).text).toBeNull();
    // A remembered language the stream lacks falls back to the viewer's language.
    expect(chooseTracks(list(), { language: 'es', audio: 'fr', text: 'fr' })).toEqual({
      audio: '1',
      text: null,
    });
  });
});

/** An engine that reports tracks through its events and records the switches asked of it. */
function trackEngine() {
  const calls: string[] = [];
  let events: EngineEvents | null = null;
  const loader = async (): Promise<Engine> => ({
    name: 'hls',
    async load(_m, _s, _src, e) {
      events = e;
    },
    setLevel() {},
    setAudioTrack: (id) => calls.push(`audio:${id}`),
    setTextTrack: (id) => calls.push(`text:${id}`),
    destroy() {},
  });
  return { calls, loader, report: (l: TrackList) => events?.tracks?.(l) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the core’s tracks', () => {
  it('reports the tracks, applies the preference once per load and tells which choices were the viewer’s', async () => {
    const { calls, loader, report } = trackEngine();
    const core = createPlayerCore({ loadEngine: loader });
    const changes: PlayerEvents['trackchange'][] = [];
    const lists: PlayerEvents['tracks'][] = [];
    core.on('trackchange', (c) => changes.push(c));
    core.on('tracks', (t) => lists.push(t));
    core.attach(new FakeMedia().asElement());
    core.setTrackPreference({ language: 'es' });
    core.load({ src: 'https://o/a.m3u8', mode: 'vod' });
    await vi.advanceTimersByTimeAsync(0);
    report(list());
    expect(core.getState()).toMatchObject({ audioTracks: [en, es], audioTrack: '0', textTrack: null });
    expect(lists).toEqual([{ audioTracks: [en, es], textTracks: [en, es] }]);
    expect(calls).toEqual(['audio:1']);
    report(list({ audioId: '1' }));
    expect(changes.at(-1)).toEqual({ kind: 'audio', track: es, byViewer: false });
    // The same list again (a live playlist refresh) does not switch anything back.
    report(list({ audioId: '1' }));
    expect(calls).toEqual(['audio:1']);

    core.setTextTrack('0');
    expect(calls.at(-1)).toBe('text:0');
    expect(changes.at(-1)).toEqual({ kind: 'text', track: en, byViewer: true });
    core.setTextTrack(null);
    expect(changes.at(-1)).toEqual({ kind: 'text', track: null, byViewer: true });
    core.setAudioTrack('0');
    expect(changes.at(-1)).toEqual({ kind: 'audio', track: en, byViewer: true });
    core.setAudioTrack('9');
    expect(calls.at(-1)).toBe('audio:0');

    // The next item: the viewer's choices (English audio, subtitles off) are the preference now.
    core.load({ src: 'https://o/b.m3u8', mode: 'vod' });
    await vi.advanceTimersByTimeAsync(0);
    expect(core.getState().audioTracks).toEqual([]);
    report(list({ audioId: '1', textId: '1' }));
    expect(calls.slice(-2)).toEqual(['audio:0', 'text:null']);
    core.destroy();
  });
});

describe('a preference the engine is slow to take', () => {
  it('the tries are counted per state the engine reports: its own default after many reports is asked away', async () => {
    const { calls, loader, report } = trackEngine();
    const core = createPlayerCore({ loadEngine: loader });
    core.attach(new FakeMedia().asElement());
    core.load({ src: 'https://o/a.m3u8', mode: 'vod' });
    await vi.advanceTimersByTimeAsync(0);
    report(list());
    // A host hands back Spanish audio and subtitles while the title plays.
    core.setTrackPreference({ language: 'en', audio: 'es', text: 'es' });
    expect(calls.slice(-2)).toEqual(['audio:1', 'text:1']);
    // A busy engine reports the same state again and again before it switches (hls.js: levels, fragments).
    for (let i = 0; i < 6; i++) report(list());
    report(list({ audioId: '1' }));
    // Its subtitle playlists arrive and it picks its own default (off): the preference is asked for again.
    const before = calls.length;
    report(list({ audioId: '1', textId: '0' }));
    expect(calls.slice(before)).toEqual(['text:1']);
    report(list({ audioId: '1', textId: '1' }));
    expect(core.getState()).toMatchObject({ audioTrack: '1', textTrack: '1' });
    core.destroy();
  });
});

describe('activeCueText', () => {
  it('joins the showing subtitle cues of enabled tracks, without markup', () => {
    const track = (mode: string, kind: string, texts: string[]) => ({
      mode,
      kind,
      activeCues: texts.map((text) => ({ text })),
    });
    const tracks = [
      track('hidden', 'subtitles', ['<i>Hola</i>', 'mundo']),
      track('disabled', 'subtitles', ['never']),
      track('hidden', 'metadata', ['id3']),
    ];
    const media = {
      textTracks: Object.assign(tracks, { length: tracks.length }),
    } as unknown as HTMLMediaElement;
    expect(activeCueText(media)).toBe('Hola\nmundo');
  });
});
