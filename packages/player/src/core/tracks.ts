import type { Engine } from '../engines/types.ts';
import type { Store } from './store.ts';
import type { MediaTrack, TrackList, TrackPreference } from './types.ts';

/** Same language when the primary subtags agree (`es` matches `es-MX`), ignoring case. */
export const sameLanguage = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.split('-')[0]?.toLowerCase() === b.split('-')[0]?.toLowerCase();

/**
 * Which languages to switch to when a stream's tracks become known (decision 0291): audio in the remembered
 * choice, else the viewer's language; subtitles as remembered ('off' keeps them off), else off when the audio is
 * in the viewer's language and in the viewer's language when it is not. `undefined` leaves the engine's pick.
 */
export function chooseTracks(
  list: TrackList,
  pref: TrackPreference,
): { audio?: string; text?: string | null } {
  const find = (tracks: MediaTrack[], lang: string | undefined) =>
    tracks.find((t) => sameLanguage(t.language, lang))?.id;
  const audio = find(list.audio, pref.audio) ?? find(list.audio, pref.language);
  const audioLanguage = list.audio.find((t) => t.id === (audio ?? list.audioId))?.language;
  let text: string | null | undefined;
  if (pref.text === 'off') text = null;
  else if (pref.text) text = find(list.text, pref.text) ?? null;
  else if (list.text.length) {
    const inOwnLanguage = !list.audio.length || sameLanguage(audioLanguage, pref.language);
    text = inOwnLanguage ? null : (find(list.text, pref.language) ?? null);
  }
  return { audio, text };
}

/** The text of the cues showing now on the element's subtitle tracks (every engine renders into them). */
export function activeCueText(media: HTMLMediaElement): string {
  const lines: string[] = [];
  const tracks = media.textTracks;
  for (let i = 0; i < (tracks?.length ?? 0); i++) {
    const t = tracks[i];
    if (!t || t.mode === 'disabled' || (t.kind !== 'subtitles' && t.kind !== 'captions')) continue;
    for (const cue of Array.from(t.activeCues ?? [])) {
      const text = (cue as VTTCue).text;
      if (text) lines.push(text.replace(/<[^>]*>/g, ''));
    }
  }
  return lines.join('\n');
}

/**
 * The audio and subtitle languages of the item playing: what the engine reports goes into the snapshot, the
 * viewer's preference is applied once per stream, the viewer's own choices become the preference, and the
 * subtitle text showing is kept in `cue` for the faces to draw (the browser's own rendering is hidden by the
 * stylesheet, so the face can place cues above its controls).
 */
export function createTracks(store: Store, engine: () => Engine | null) {
  let pref: TrackPreference = {};
  let applied = '';
  /** What this load should play (the preference applied, then the viewer's choices). */
  let wanted: ReturnType<typeof chooseTracks> = {};
  /** Tries spent per state the engine reported (its audio and subtitle ids) since `wanted` was chosen. */
  let insisted = new Map<string, number>();

  function update(list: TrackList) {
    const prev = store.get();
    const key = [...list.audio, ...list.text].map((t) => `${t.id}:${t.language}`).join('|');
    store.set({
      audioTracks: list.audio,
      audioTrack: list.audioId,
      textTracks: list.text,
      textTrack: list.textId,
      ...(list.textId === null && { cue: '' }),
    });
    const listChanged =
      key !== [...prev.audioTracks, ...prev.textTracks].map((t) => `${t.id}:${t.language}`).join('|');
    if (listChanged) store.events.emit('tracks', { audioTracks: list.audio, textTracks: list.text });
    if (list.audioId !== prev.audioTrack && list.audioId !== null) emit('audio', list.audioId, false);
    if (list.textId !== prev.textTrack) emit('text', list.textId, false);
    if (key && key !== applied) {
      applied = key;
      wanted = chooseTracks(list, pref);
      insisted = new Map();
    }
    // Apply what is wanted; an engine that picks its own default after we asked (hls.js chooses subtitles again
    // when their playlists arrive) is asked again, a few times at most for each state it reports, so a track it
    // cannot play never loops. The tries are counted per state: a busy engine reports one state many times before
    // it switches, and with one count for all the tries were spent before its own default came (a flaky player
    // check under load).
    const audio = wanted.audio !== undefined && wanted.audio !== list.audioId;
    const text = wanted.text !== undefined && wanted.text !== list.textId;
    const state = `${list.audioId}|${list.textId}`;
    const tries = insisted.get(state) ?? 0;
    if ((audio || text) && tries < 3) {
      insisted.set(state, tries + 1);
      if (audio && wanted.audio !== undefined) engine()?.setAudioTrack?.(wanted.audio);
      if (text && wanted.text !== undefined) engine()?.setTextTrack?.(wanted.text);
    }
  }

  function emit(kind: 'audio' | 'text', id: string | null, byViewer: boolean) {
    const s = store.get();
    const track = (kind === 'audio' ? s.audioTracks : s.textTracks).find((t) => t.id === id) ?? null;
    store.events.emit('trackchange', { kind, track, byViewer });
  }

  return {
    update,
    /** Languages to prefer from now on (the host's remembered choice and the viewer's language). */
    setPreference(p: TrackPreference) {
      pref = { ...p };
      applied = '';
      const s = store.get();
      if (s.audioTracks.length || s.textTracks.length)
        update({ audio: s.audioTracks, audioId: s.audioTrack, text: s.textTracks, textId: s.textTrack });
    },
    preference: () => ({ ...pref }),
    /** The viewer picks an audio language: switched now, and preferred for the next items. */
    setAudio(id: string) {
      const track = store.get().audioTracks.find((t) => t.id === id);
      if (!track) return;
      pref = { ...pref, audio: track.language };
      wanted = { ...wanted, audio: id };
      engine()?.setAudioTrack?.(id);
      store.set({ audioTrack: id });
      emit('audio', id, true);
    },
    /** The viewer picks subtitles (null: off). */
    setText(id: string | null) {
      const track = id === null ? null : store.get().textTracks.find((t) => t.id === id);
      if (track === undefined) return;
      pref = { ...pref, text: track?.language ?? 'off' };
      wanted = { ...wanted, text: id };
      engine()?.setTextTrack?.(id);
      store.set({ textTrack: id, ...(id === null && { cue: '' }) });
      emit('text', id, true);
    },
    /** A new load (an item, a reload): the engine picks its defaults again, so the preference is applied again. */
    reset() {
      applied = '';
      wanted = {};
    },
    /** Follows the subtitle cues of `media`; returns the detach function. */
    watch(media: HTMLMediaElement): () => void {
      const tracks = media.textTracks;
      if (!tracks?.addEventListener) return () => {};
      const seen = new Set<TextTrack>();
      const onCue = () => {
        const cue = store.get().textTrack === null ? '' : activeCueText(media);
        if (cue !== store.get().cue) store.set({ cue });
      };
      const follow = () => {
        for (let i = 0; i < tracks.length; i++) {
          const t = tracks[i];
          if (t && !seen.has(t)) {
            seen.add(t);
            t.addEventListener('cuechange', onCue);
          }
        }
        onCue();
      };
      tracks.addEventListener('addtrack', follow);
      tracks.addEventListener('change', follow);
      follow();
      return () => {
        tracks.removeEventListener('addtrack', follow);
        tracks.removeEventListener('change', follow);
        for (const t of seen) t.removeEventListener('cuechange', onCue);
      };
    },
  };
}

export type Tracks = ReturnType<typeof createTracks>;
