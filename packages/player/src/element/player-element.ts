import { createPlayerCore, type PlayerCore } from '../core/core.ts';
import { keyAction } from '../core/keys.ts';
import type {
  DrmConfig,
  PlayerEvents,
  PlayerMode,
  PlayerSnapshot,
  PlayerSource,
  Programme,
  TelemetrySink,
} from '../core/types.ts';
import { type PlayerMessages, withMessages } from '../messages.ts';
import { playerMarkup } from './template.ts';

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
] as const;

/** Core events re-dispatched by the element as `ottkit-<name>` CustomEvents (detail = payload). */
export const OTTKIT_PLAYER_EVENTS = [
  'statechange',
  'modechange',
  'firstframe',
  'error',
  'reload',
  'timeshifterror',
  'confirmbacktolive',
  'ended',
  'progress',
  'qualitychange',
  'telemetry',
] as const satisfies ReadonlyArray<keyof PlayerEvents>;

export interface OttkitPlayerElement extends HTMLElement {
  /** The core behind the element, for anything the attributes do not cover. */
  readonly core: PlayerCore;
  readonly state: PlayerSnapshot['state'];
  drm: DrmConfig | undefined;
  programme: Programme | null;
  messages: Partial<PlayerMessages>;
  telemetry: TelemetrySink | undefined;
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
    #messages: Partial<PlayerMessages> = {};
    #programme: Programme | null = null;
    #root: HTMLElement | null = null;
    #unsubscribe: (() => void) | null = null;
    #pending = false;

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
    get messages() {
      return this.#messages;
    }
    set messages(m: Partial<PlayerMessages>) {
      this.#messages = m;
      if (this.#root) this.#render();
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
        this.#render();
      }
      this.#scheduleLoad();
    }

    disconnectedCallback() {
      // Moving the element in the DOM fires disconnect then connect; only a real removal tears down.
      queueMicrotask(() => {
        if (this.isConnected) return;
        this.#unsubscribe?.();
        this.core.destroy();
        this.#root = null;
      });
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null) {
      if (!this.#root || old === value) return;
      if (name === 'authority') return this.core.setAuthority(value !== 'false');
      if (name === 'muted') return this.core.setMuted(value !== null);
      if (name.startsWith('channel-')) return this.#paint(this.core.getState());
      this.#scheduleLoad();
    }

    #source(): PlayerSource | null {
      const src = this.getAttribute('src');
      if (!src) return null;
      const start = Number(this.getAttribute('start-time'));
      return {
        src,
        mode: (this.getAttribute('mode') as PlayerMode | null) ?? 'live',
        fallbackSrc: this.getAttribute('fallback-src') ?? undefined,
        authority: this.getAttribute('authority') !== 'false',
        audioOnly: this.hasAttribute('audio-only'),
        startTime: Number.isFinite(start) && start > 0 ? start : undefined,
        drm: this.drm,
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
      this.innerHTML = playerMarkup(withMessages(this.#messages));
      const root = this.querySelector<HTMLElement>('.ottkit-player');
      const video = this.querySelector('video');
      if (!root || !video) return;
      this.#root = root;
      root.addEventListener('click', (e) => this.#onClick(e));
      root.addEventListener('keydown', (e) => this.#onKey(e));
      this.core.attach(video);
      this.#unsubscribe = this.core.subscribe((s) => this.#paint(s));
      this.#paint(this.core.getState());
    }

    #onClick(e: MouseEvent) {
      const target = e.target as HTMLElement;
      const bar = target.closest<HTMLElement>('.ottkit-bar');
      const b = this.core.getState().bar;
      if (bar && b) {
        const rect = bar.getBoundingClientRect();
        this.core.seekBar(b.start + ((e.clientX - rect.left) / Math.max(1, rect.width)) * (b.end - b.start));
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
    }

    #onKey(e: KeyboardEvent) {
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
      const root = this.#root;
      if (!root) return;
      const m = withMessages(this.#messages);
      const q = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel);
      root.dataset.state = s.state;
      root.dataset.mode = s.mode;
      root.dataset.locked = String(s.locked);
      q('video')?.setAttribute('data-state', s.state);
      const name = this.getAttribute('channel-name');
      const header = q('.ottkit-channel');
      if (header) header.hidden = !name;
      const logo = q<HTMLImageElement>('.ottkit-logo');
      const logoUrl = this.getAttribute('channel-logo');
      if (logo && logoUrl && logo.getAttribute('src') !== logoUrl) logo.src = logoUrl;
      if (logo) logo.hidden = !logoUrl;
      setText(q('.ottkit-number'), this.getAttribute('channel-number') ?? '');
      setText(q('.ottkit-name'), name ?? '');
      setText(q('.ottkit-now'), this.#programme ? `${m.now}: ${this.#programme.title}` : '');
      show(q('.ottkit-spinner'), s.state === 'loading');
      show(q('.ottkit-lock'), s.locked);
      show(q('.ottkit-error'), s.state === 'error');
      const errorText =
        s.error?.kind === 'timeshift' ? m.timeshiftError : `${m.playerError} (${s.error?.code ?? ''})`;
      setText(q('.ottkit-error p'), s.error ? errorText : '');
      show(q('.ottkit-confirm'), s.confirm === 'backToLive');
      const playing = s.state === 'playing' || s.state === 'loading';
      const play = q('[data-action="play"]');
      play?.setAttribute('data-icon', playing ? 'pause' : 'play');
      play?.setAttribute('aria-label', playing ? m.pause : m.play);
      const mute = q('[data-action="mute"]');
      mute?.setAttribute('data-icon', s.muted ? 'muted' : 'volume');
      mute?.setAttribute('aria-label', s.muted ? m.unmute : m.mute);
      show(q('.ottkit-back-to-live'), s.mode === 'timeshift');
      const live = s.mode === 'live' || s.mode === 'timeshift';
      const bar = q('.ottkit-bar');
      if (bar) {
        bar.hidden = !live;
        bar.dataset.enabled = String(!!s.bar?.enabled);
        bar.setAttribute('aria-disabled', String(!s.bar?.enabled));
        const b = s.bar;
        const span = b ? Math.max(1, b.end - b.start) : 1;
        const played = q('.ottkit-bar-played');
        if (played) played.style.width = b ? `${((b.position - b.start) / span) * 100}%` : '0';
      }
      const time = q('.ottkit-time');
      if (time) {
        time.hidden = live;
        time.textContent = `${Math.floor(s.currentTime)} / ${Math.floor(s.duration || 0)}`;
      }
    }
  };
}

function setText(el: Element | null, text: string) {
  if (el && el.textContent !== text) el.textContent = text;
}

function show(el: HTMLElement | null, visible: boolean) {
  if (el) el.hidden = !visible;
}
