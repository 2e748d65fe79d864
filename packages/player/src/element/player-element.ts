import { createPlayerCore, type PlayerCore } from '../core/core.ts';
import type { AspectRatio, LatencyPreference } from '../core/constants.ts';
import { PLAYER_EVENTS } from '../core/events.ts';
import type { PrefetchTarget } from '../prefetch/warm.ts';
import { keyAction } from '../core/keys.ts';
import type {
  DrmConfig,
  MediaTrack,
  PlayerMode,
  PlayerSnapshot,
  PlayerSource,
  Programme,
  SourceRenewal,
  TelemetrySink,
  TrackPreference,
} from '../core/types.ts';
import { type PlayerMessages, withMessages } from '../messages.ts';
import { paintPlayer } from './paint.ts';
import { createPosterCarousel } from './posters.ts';
import { playerMarkup } from './template.ts';

/** Numbers the elements of a page, so each one's statistics overlay has an id of its own. */
let elementCount = 0;

/** Milliseconds one arrow press moves along the live bar. */
const BAR_KEY_STEP_MS = 30_000;

/** Attributes the element observes. */
export const OTTKIT_PLAYER_ATTRIBUTES = [
  'src',
  'mode',
  'fallback-src',
  'authority',
  'autoplay',
  'muted',
  'start-time',
  'audio-only',
  'channel-name',
  'channel-number',
  'channel-logo',
  'favorite',
  'broadcast',
  'audio-posters',
  'timeshift-src',
  'timeshift-start',
  'expires-at',
] as const;

/** Attributes that hand fresh URLs of the same channel: they renew without a reload (decision 0100). */
const RENEWING_ATTRIBUTES = new Set(['timeshift-src', 'timeshift-start', 'expires-at']);

/** Core events re-dispatched by the element as `ottkit-<name>` CustomEvents (detail = payload). */
export const OTTKIT_PLAYER_EVENTS = PLAYER_EVENTS;

/**
 * Events of the element's own controls (not core events): `ottkit-favorite` (detail `{ favorite }`, the state
 * the viewer asks for; the host sets the `favorite` attribute once its server agrees) and `ottkit-close` (Esc).
 */
export const OTTKIT_PLAYER_CONTROL_EVENTS = ['favorite', 'close'] as const;

export interface OttkitPlayerElement extends HTMLElement {
  /** The core behind the element, for anything the attributes do not cover. */
  readonly core: PlayerCore;
  readonly state: PlayerSnapshot['state'];
  drm: DrmConfig | undefined;
  programme: Programme | null;
  /** The next programme's title, shown beside the one on air. */
  next: { title: string } | null;
  /** Posters rotated for an audio channel (`audio-only`); the `audio-posters` attribute (comma-separated) too. */
  audioPosters: readonly string[];
  messages: Partial<PlayerMessages>;
  telemetry: TelemetrySink | undefined;
  /** Asked before `expires-at` for fresh URLs of the same item; playback carries on without a reload. */
  renewSource: PlayerSource['renew'];
  /** Fresh URLs for the item being played, handed by the host (same stream, new credentials). */
  renewUrls(fresh: SourceRenewal): void;
  /** Live channels to keep warm (neighbours, the one under the pointer): a zap to one starts from them. */
  prefetch: readonly PrefetchTarget[];
  /** The stream's audio languages (empty when it has only its own audio). */
  readonly audioTracks: readonly MediaTrack[];
  /** The subtitle languages. */
  readonly textTracks: readonly MediaTrack[];
  /** The id of the audio language playing; set it to switch. */
  audioTrack: string | null;
  /** The id of the subtitles shown, null when off; set it to switch. */
  textTrack: string | null;
  /**
   * The languages to prefer (`{ language, audio?, text? }`, decision 0291); by default `language` is the page's
   * (`lang` of the element or an ancestor). Remember `ottkit-trackchange` choices and hand them back here.
   */
  trackPreference: TrackPreference;
  play(): void;
  pause(): void;
  seekToLive(): void;
}

/** Built lazily so that importing this module on a server (no HTMLElement) does nothing. */
export function createOttkitPlayerClass(): { new (): OttkitPlayerElement } {
  return class extends HTMLElement implements OttkitPlayerElement {
    static observedAttributes = OTTKIT_PLAYER_ATTRIBUTES;
    readonly core: PlayerCore = createPlayerCore({ telemetry: (e) => this.telemetry?.(e) });
    drm: DrmConfig | undefined;
    telemetry: TelemetrySink | undefined;
    renewSource: PlayerSource['renew'];
    #messages: Partial<PlayerMessages> = {};
    #programme: Programme | null = null;
    #next: { title: string } | null = null;
    #posters: readonly string[] | null = null;
    #carousel: ReturnType<typeof createPosterCarousel> | null = null;
    #root: HTMLElement | null = null;
    #unsubscribe: (() => void) | null = null;
    #pending = false;
    #statsOpen = false;
    readonly #statsId = ++elementCount;

    get state() {
      return this.core.getState().state;
    }
    get programme() {
      return this.#programme;
    }
    set programme(p: Programme | null) {
      this.#programme = p;
      this.core.setProgramme(p);
    }
    get next() {
      return this.#next;
    }
    set next(p: { title: string } | null) {
      this.#next = p;
      this.#paint(this.core.getState());
    }
    get audioPosters(): readonly string[] {
      const attr = this.getAttribute('audio-posters');
      return (
        this.#posters ??
        (attr
          ? attr
              .split(',')
              .map((u) => u.trim())
              .filter(Boolean)
          : [])
      );
    }
    set audioPosters(posters: readonly string[]) {
      this.#posters = posters;
      this.#showPosters();
    }
    get messages() {
      return this.#messages;
    }
    set messages(m: Partial<PlayerMessages>) {
      this.#messages = m;
      if (this.#root) this.#render();
    }
    renewUrls(fresh: SourceRenewal) {
      this.core.renewUrls(fresh);
    }
    #prefetch: readonly PrefetchTarget[] = [];
    get prefetch() {
      return this.#prefetch;
    }
    set prefetch(targets: readonly PrefetchTarget[]) {
      this.#prefetch = targets;
      this.core.prefetch(targets);
    }
    get audioTracks() {
      return this.core.getState().audioTracks;
    }
    get textTracks() {
      return this.core.getState().textTracks;
    }
    get audioTrack() {
      return this.core.getState().audioTrack;
    }
    set audioTrack(id: string | null) {
      if (id !== null) this.core.setAudioTrack(id);
    }
    get textTrack() {
      return this.core.getState().textTrack;
    }
    set textTrack(id: string | null) {
      this.core.setTextTrack(id);
    }
    #trackPreference: TrackPreference | null = null;
    get trackPreference(): TrackPreference {
      return this.#trackPreference ?? { language: this.#pageLanguage() };
    }
    set trackPreference(p: TrackPreference) {
      this.#trackPreference = p;
      this.core.setTrackPreference({ language: this.#pageLanguage(), ...p });
    }
    #pageLanguage() {
      return this.closest('[lang]')?.getAttribute('lang') || globalThis.navigator?.language || undefined;
    }
    play() {
      this.core.play();
    }
    pause() {
      this.core.pause();
    }
    seekToLive() {
      this.core.seekToLive();
    }

    connectedCallback() {
      if (!this.#root) {
        for (const name of OTTKIT_PLAYER_EVENTS) {
          this.core.on(name, (detail) => this.dispatchEvent(new CustomEvent(`ottkit-${name}`, { detail })));
        }
        if (!this.#trackPreference) this.core.setTrackPreference(this.trackPreference);
        this.#render();
      }
      this.#scheduleLoad();
    }

    disconnectedCallback() {
      // Moving the element in the DOM fires disconnect then connect; only a real removal tears down.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#unsubscribe?.();
        this.#carousel?.stop();
        this.core.destroy();
        this.#root = null;
      });
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null) {
      if (!this.#root || old === value) return;
      if (name === 'authority') return this.core.setAuthority(value !== 'false');
      if (name === 'muted') return this.core.setMuted(value !== null);
      if (name.startsWith('channel-') || name === 'favorite' || name === 'broadcast') {
        return this.#paint(this.core.getState());
      }
      if (name === 'audio-posters') return this.#showPosters();
      if (RENEWING_ATTRIBUTES.has(name) && this.core.getState().source) {
        const { timeshiftSrc, timeshiftStart, expiresAt } = this.#source() ?? {};
        return this.core.renewUrls({ timeshiftSrc, timeshiftStart, expiresAt });
      }
      if (name === 'audio-only') this.#showPosters();
      this.#scheduleLoad();
    }

    #source(): PlayerSource | null {
      const src = this.getAttribute('src');
      if (!src) return null;
      const start = Number(this.getAttribute('start-time'));
      const epoch = (name: string) => {
        const n = Number(this.getAttribute(name) ?? Number.NaN);
        return Number.isFinite(n) && n > 0 ? n : undefined;
      };
      return {
        src,
        mode: (this.getAttribute('mode') as PlayerMode | null) ?? 'live',
        fallbackSrc: this.getAttribute('fallback-src') ?? undefined,
        authority: this.getAttribute('authority') !== 'false',
        audioOnly: this.hasAttribute('audio-only'),
        startTime: Number.isFinite(start) && start > 0 ? start : undefined,
        drm: this.drm,
        timeshiftSrc: this.getAttribute('timeshift-src') ?? undefined,
        timeshiftStart: epoch('timeshift-start'),
        expiresAt: epoch('expires-at'),
        renew: (c) => this.renewSource?.(c) ?? Promise.resolve(null),
      };
    }

    /** Several attributes set in a row (src, mode, …) make one load, not several. */
    #scheduleLoad() {
      if (this.#pending) return;
      this.#pending = true;
      queueMicrotask(() => {
        this.#pending = false;
        const source = this.#source();
        if (!source || !this.isConnected) return;
        if (this.hasAttribute('muted')) this.core.setMuted(true);
        this.core.load(source, { autoplay: this.getAttribute('autoplay') !== 'false' });
      });
    }

    #render() {
      this.#unsubscribe?.();
      this.#carousel?.stop();
      // The host's top marquee (children with slot="marquee") survives a re-render: it moves into the slot.
      const marquee = [...this.querySelectorAll<HTMLElement>('[slot="marquee"]')];
      this.innerHTML = playerMarkup(withMessages(this.#messages), this.#statsId);
      const root = this.querySelector<HTMLElement>('.ottkit-player');
      const video = this.querySelector('video');
      if (!root || !video) return;
      this.#root = root;
      const slot = root.querySelector<HTMLElement>('.ottkit-marquee');
      if (slot) {
        slot.append(...marquee);
        slot.hidden = marquee.length === 0;
      }
      const posters = root.querySelector<HTMLElement>('.ottkit-posters');
      this.#carousel = posters ? createPosterCarousel(posters) : null;
      this.#showPosters();
      root.addEventListener('click', (e) => this.#onClick(e));
      root.addEventListener('keydown', (e) => this.#onKey(e));
      root.addEventListener('change', (e) => this.#onChange(e));
      this.core.attach(video);
      this.#unsubscribe = this.core.subscribe((s) => this.#paint(s));
      this.#paint(this.core.getState());
    }

    #onClick(e: MouseEvent) {
      const target = e.target as HTMLElement;
      const bar = target.closest<HTMLElement>('.ottkit-bar');
      const b = this.core.getState().bar;
      if (bar && b) {
        const rect = (bar.querySelector('.ottkit-bar-track') ?? bar).getBoundingClientRect();
        const ratio = Math.max(0, Math.min(1, (e.clientX - rect.left) / Math.max(1, rect.width)));
        this.core.seekBar(b.start + ratio * (b.end - b.start));
        return;
      }
      const action = target.closest<HTMLElement>('[data-action]')?.dataset.action;
      const s = this.core.getState();
      if (action === 'play') this.core.togglePlay();
      else if (action === 'mute') this.core.setMuted(!s.muted);
      else if (action === 'live' || action === 'confirm') this.core.seekToLive();
      else if (action === 'dismiss') this.core.dismissConfirm();
      else if (action === 'retry') s.error?.kind === 'timeshift' ? this.core.seekToLive() : this.core.play();
      else if (action === 'fullscreen') this.#fullscreen();
      else if (action === 'stats') {
        this.#statsOpen = !this.#statsOpen;
        this.#paint(s);
      } else if (action === 'favorite') {
        const favorite = this.getAttribute('favorite') !== 'true';
        this.dispatchEvent(new CustomEvent('ottkit-favorite', { detail: { favorite } }));
      }
    }

    #showPosters() {
      this.#carousel?.set(this.audioPosters, this.hasAttribute('audio-only'));
    }

    #onChange(e: Event) {
      const select = e.target as HTMLSelectElement;
      if (select.dataset.role === 'quality') this.core.setQuality(Number(select.value));
      if (select.dataset.role === 'aspect') this.core.setAspectRatio(select.value as AspectRatio);
      if (select.dataset.role === 'latency')
        this.core.setLatencyPreference(select.value as LatencyPreference);
      if (select.dataset.role === 'audio') this.core.setAudioTrack(select.value);
      if (select.dataset.role === 'text') this.core.setTextTrack(select.value || null);
    }

    #onKey(e: KeyboardEvent) {
      const bar = this.core.getState().bar;
      if ((e.target as HTMLElement).closest('.ottkit-bar') && bar?.enabled) {
        // On the live bar, arrows move 30 s; the core decides between time-shift and live.
        const step = e.key === 'ArrowLeft' ? -BAR_KEY_STEP_MS : e.key === 'ArrowRight' ? BAR_KEY_STEP_MS : 0;
        if (step) {
          e.preventDefault();
          this.core.seekBar(bar.position + step);
          return;
        }
      }
      if ((e.target as HTMLElement).closest('select')) return;
      if ((e.target as HTMLElement).closest('button') && (e.key === ' ' || e.key === 'Enter')) return;
      const s = this.core.getState();
      const action = keyAction(e.key, s.mode);
      if (!action) return;
      e.preventDefault();
      if (action.type === 'togglePlay') this.core.togglePlay();
      else if (action.type === 'mute') this.core.setMuted(!s.muted);
      else if (action.type === 'fullscreen') this.#fullscreen();
      else if (action.type === 'seekBy') this.core.seek(s.currentTime + action.seconds);
      else if (action.type === 'volumeBy') this.core.setVolume(s.volume + action.delta);
      else if (action.type === 'close' && document.fullscreenElement) void document.exitFullscreen();
      else if (action.type === 'close') this.dispatchEvent(new CustomEvent('ottkit-close'));
    }

    #fullscreen() {
      if (document.fullscreenElement) void document.exitFullscreen();
      else void this.#root?.requestFullscreen?.();
    }

    #paint(s: PlayerSnapshot) {
      if (!this.#root) return;
      paintPlayer(this.#root, s, withMessages(this.#messages), {
        name: this.getAttribute('channel-name'),
        number: this.getAttribute('channel-number'),
        logo: this.getAttribute('channel-logo'),
        programme: this.#programme,
        next: this.#next,
        favorite:
          this.hasAttribute('favorite') && !this.hasAttribute('broadcast')
            ? this.getAttribute('favorite') === 'true'
            : null,
        statsOpen: this.#statsOpen,
      });
    }
  };
}
