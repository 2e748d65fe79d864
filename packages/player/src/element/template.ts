import type { PlayerMessages } from '../messages.ts';
import { latencyChoices } from '../stats.ts';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The element's light-DOM markup; same classes as the React faces so one stylesheet serves both. */
export function playerMarkup(m: PlayerMessages, statsId: number): string {
  return `
<div class="ottkit-player" role="region" tabindex="0" aria-label="${esc(m.player)}" data-state="idle" data-mode="live">
  <div class="ottkit-marquee" hidden></div>
  <header class="ottkit-channel" hidden>
    <img class="ottkit-logo" alt="" hidden><span class="ottkit-number"></span><span class="ottkit-name"></span>
    <span class="ottkit-epg"><span class="ottkit-now"></span><span class="ottkit-next"></span></span>
    <button type="button" class="ottkit-btn ottkit-favorite" data-action="favorite" data-icon="heart" aria-label="${esc(m.favorite)}" aria-pressed="false" hidden></button>
  </header>
  <div class="ottkit-stage" data-aspect="auto">
    <video class="ottkit-video" playsinline aria-label="${esc(m.player)}"></video>
    <section class="ottkit-posters" aria-roledescription="carousel" aria-label="${esc(m.audioPosters)}" hidden></section>
    <div class="ottkit-cue" aria-hidden="true" hidden></div>
    <section class="ottkit-stats" id="ottkit-stats-${statsId}" aria-label="${esc(m.statistics)}" hidden><dl></dl></section>
    <div class="ottkit-overlay ottkit-spinner" role="status" aria-label="${esc(m.loading)}" hidden></div>
    <div class="ottkit-overlay ottkit-lock" role="status" hidden>${esc(m.noAuthority)}</div>
    <div class="ottkit-overlay ottkit-error" role="alert" hidden><p></p>
      <button type="button" class="ottkit-text-btn" data-action="retry">${esc(m.retry)}</button></div>
    <div class="ottkit-overlay ottkit-confirm" role="alertdialog" aria-label="${esc(m.backToLiveTip)}" hidden>
      <p>${esc(m.backToLiveTip)}</p>
      <button type="button" class="ottkit-text-btn" data-action="confirm">${esc(m.ok)}</button>
      <button type="button" class="ottkit-text-btn" data-action="dismiss">${esc(m.cancel)}</button></div>
  </div>
  <div class="ottkit-controls" role="toolbar" aria-label="${esc(m.player)}">
    <button type="button" class="ottkit-btn" data-action="play" data-icon="play" aria-label="${esc(m.play)}"></button>
    <button type="button" class="ottkit-btn" data-action="mute" data-icon="volume" aria-label="${esc(m.mute)}"></button>
    <div class="ottkit-bar" role="slider" tabindex="0" aria-label="${esc(m.progress)}" data-enabled="false">
      <span class="ottkit-bar-track"><span class="ottkit-bar-seekable"></span><span class="ottkit-bar-played"></span><span class="ottkit-bar-live"></span></span>
    </div>
    <span class="ottkit-time" hidden></span>
    <button type="button" class="ottkit-text-btn ottkit-back-to-live" data-action="live" hidden>${esc(m.backToLive)}</button>
    <select class="ottkit-select" data-role="quality" aria-label="${esc(m.quality)}" hidden></select>
    <select class="ottkit-select" data-role="audio" aria-label="${esc(m.audioTrack)}" hidden></select>
    <select class="ottkit-select" data-role="text" aria-label="${esc(m.subtitles)}" hidden></select>
    <select class="ottkit-select" data-role="latency" aria-label="${esc(m.delay)}">
      ${latencyChoices(m)
        .map(([v, label]) => `<option value="${v}">${esc(label)}</option>`)
        .join('')}
    </select>
    <button type="button" class="ottkit-btn" data-action="stats" data-icon="stats" aria-label="${esc(m.statistics)}" aria-pressed="false" aria-controls="ottkit-stats-${statsId}"></button>
    <select class="ottkit-select" data-role="aspect" aria-label="${esc(m.aspectRatio)}">
      <option value="auto">${esc(m.aspectAuto)}</option><option value="16:9">16:9</option><option value="4:3">4:3</option>
    </select>
    <button type="button" class="ottkit-btn" data-action="fullscreen" data-icon="fullscreen" aria-label="${esc(m.fullscreen)}"></button>
  </div>
</div>`;
}
