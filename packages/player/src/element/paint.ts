import type { PlayerSnapshot, Programme } from '../core/types.ts';
import type { PlayerMessages } from '../messages.ts';
import { noticeOf } from '../notice.ts';
import { statsRows } from '../stats.ts';

/** What the element knows besides the snapshot: its channel attributes and programme. */
export interface PaintHeader {
  name: string | null;
  number: string | null;
  logo: string | null;
  programme: Programme | null;
  next: { title: string } | null;
  /** null: no Favorite button (attribute absent, or broadcast-channel mode). */
  favorite: boolean | null;
  /** The viewer opened the statistics overlay. */
  statsOpen: boolean;
}

/** Brings the element's light DOM in line with a snapshot (attributes, texts, overlays, bar, menus). */
export function paintPlayer(root: HTMLElement, s: PlayerSnapshot, m: PlayerMessages, header: PaintHeader) {
  const q = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel);
  root.dataset.state = s.state;
  root.dataset.mode = s.mode;
  root.dataset.locked = String(s.locked);
  q('video')?.setAttribute('data-state', s.state);
  const name = header.name;
  const head = q('.ottkit-channel');
  if (head) head.hidden = !name;
  const logo = q<HTMLImageElement>('.ottkit-logo');
  const logoUrl = header.logo;
  if (logo && logoUrl && logo.getAttribute('src') !== logoUrl) logo.src = logoUrl;
  if (logo) logo.hidden = !logoUrl;
  setText(q('.ottkit-number'), header.number ?? '');
  setText(q('.ottkit-name'), name ?? '');
  setText(q('.ottkit-now'), header.programme ? `${m.now}: ${header.programme.title}` : '');
  setText(q('.ottkit-next'), header.next ? `${m.next}: ${header.next.title}` : '');
  const favorite = q('.ottkit-favorite');
  if (favorite) {
    favorite.hidden = header.favorite === null;
    favorite.setAttribute('aria-pressed', String(header.favorite === true));
  }
  const notice = noticeOf(s, m);
  show(q('.ottkit-spinner'), s.state === 'loading' && !notice);
  show(q('.ottkit-lock'), s.locked);
  show(q('.ottkit-error'), !!notice);
  setText(q('.ottkit-error p'), notice?.text ?? '');
  setText(q('.ottkit-error button'), notice?.actionLabel ?? m.retry);
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
    const pct = (t: number) => (b ? `${Math.max(0, Math.min(100, ((t - b.start) / span) * 100))}%` : '0');
    const played = q('.ottkit-bar-played');
    if (played) played.style.width = b ? pct(b.position) : '0';
    const seekable = q('.ottkit-bar-seekable');
    if (seekable && b) {
      seekable.style.left = pct(b.seekableStart);
      seekable.style.right = `calc(100% - ${pct(b.live)})`;
    }
    const liveMark = q('.ottkit-bar-live');
    if (liveMark && b) liveMark.style.left = pct(b.live);
    if (b) bar.setAttribute('aria-valuetext', new Date(b.position).toLocaleTimeString());
  }
  const stage = q('.ottkit-stage');
  if (stage) stage.dataset.aspect = s.aspectRatio;
  paintQualities(root, s, m);
  paintTracks(root, s, m);
  paintLatency(root, s, m, live && header.statsOpen);
  const time = q('.ottkit-time');
  if (time) {
    time.hidden = live;
    time.textContent = `${Math.floor(s.currentTime)} / ${Math.floor(s.duration || 0)}`;
  }
}

/** The quality menu: Auto plus the spec §9 names, rebuilt only when the levels change. */
function paintQualities(root: HTMLElement, s: PlayerSnapshot, m: PlayerMessages) {
  const select = root.querySelector<HTMLSelectElement>('[data-role="quality"]');
  if (!select) return;
  const key = s.qualities.map((l) => l.name).join('|');
  if (select.dataset.key !== key) {
    select.dataset.key = key;
    select.replaceChildren(
      new Option(m.qualityAuto, '-1'),
      ...s.qualities.map((l) => new Option(l.name, String(l.index))),
    );
  }
  select.hidden = s.qualities.length < 2 || s.locked;
  select.value = String(s.quality);
}

/** The audio and subtitle menus (shown when there is a choice) and the subtitle text above the controls. */
function paintTracks(root: HTMLElement, s: PlayerSnapshot, m: PlayerMessages) {
  const menu = (role: string, options: [string, string][], value: string, visible: boolean) => {
    const select = root.querySelector<HTMLSelectElement>(`[data-role="${role}"]`);
    if (!select) return;
    const key = options.map((o) => o.join('=')).join('|');
    if (select.dataset.key !== key) {
      select.dataset.key = key;
      select.replaceChildren(...options.map(([v, label]) => new Option(label, v)));
    }
    select.hidden = !visible || s.locked;
    select.value = value;
  };
  const named = (t: { id: string; label: string }): [string, string] => [t.id, t.label];
  menu('audio', s.audioTracks.map(named), s.audioTrack ?? '', s.audioTracks.length > 1);
  const off: [string, string] = ['', m.subtitlesOff];
  menu('text', [off, ...s.textTracks.map(named)], s.textTrack ?? '', s.textTracks.length > 0);
  const cue = root.querySelector<HTMLElement>('.ottkit-cue');
  if (cue) {
    setText(cue, s.cue);
    cue.hidden = !s.cue;
  }
}

/** The delay menu (live only) and the statistics overlay, its rows rebuilt only when a figure changes. */
function paintLatency(root: HTMLElement, s: PlayerSnapshot, m: PlayerMessages, open: boolean) {
  const live = s.mode === 'live' || s.mode === 'timeshift';
  const menu = root.querySelector<HTMLSelectElement>('[data-role="latency"]');
  if (menu) {
    menu.hidden = !live || s.locked;
    menu.value = s.latencyPreference;
  }
  const button = root.querySelector<HTMLElement>('[data-action="stats"]');
  if (button) {
    button.hidden = !live || s.locked;
    button.setAttribute('aria-pressed', String(open));
  }
  const panel = root.querySelector<HTMLElement>('.ottkit-stats');
  const list = panel?.querySelector('dl');
  if (!panel || !list) return;
  panel.hidden = !open || s.locked;
  const rows = open && s.stats ? statsRows(s.stats, m) : [];
  const key = JSON.stringify(rows);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(
    ...rows.map((r) => {
      const row = document.createElement('div');
      row.dataset.stat = r.key;
      if (r.state) row.dataset.state = r.state;
      if (r.ms !== undefined) row.dataset.ms = String(r.ms);
      const dt = document.createElement('dt');
      dt.textContent = r.label;
      const dd = document.createElement('dd');
      dd.textContent = r.value;
      row.append(dt, dd);
      return row;
    }),
  );
}

function setText(el: Element | null, text: string) {
  if (el && el.textContent !== text) el.textContent = text;
}

function show(el: HTMLElement | null, visible: boolean) {
  if (el) el.hidden = !visible;
}
