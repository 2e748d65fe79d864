// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineOttkitPlayer } from './define.ts';

beforeAll(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  document.body.innerHTML = '';
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('<ottkit-player>', () => {
  it('is defined once, even when define runs again', () => {
    defineOttkitPlayer();
    defineOttkitPlayer();
    expect(customElements.get('ottkit-player')).toBeTruthy();
    expect(document.createElement('ottkit-player').core).toBeTruthy();
  });

  it('renders a labelled player with a video and re-dispatches core events as ottkit-* events', async () => {
    document.body.innerHTML =
      '<ottkit-player src="/live.m3u8" mode="live" channel-name="News" channel-number="5" autoplay="false"></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    const states: string[] = [];
    el.addEventListener('ottkit-statechange', (e) => states.push((e as CustomEvent).detail.state));
    await tick();
    const video = el.querySelector('video');
    expect(video).toBeTruthy();
    expect(el.querySelector('.ottkit-name')?.textContent).toBe('News');
    expect(el.querySelector('[aria-label="Play"], [aria-label="Pause"]')).toBeTruthy();
    video?.dispatchEvent(new Event('playing'));
    expect(states).toContain('playing');
    expect(el.state).toBe('playing');
    expect(el.querySelector('.ottkit-player')?.getAttribute('data-state')).toBe('playing');
  });

  it('authority="false" shows the lock overlay', async () => {
    document.body.innerHTML =
      '<ottkit-player src="/live.m3u8" authority="false" autoplay="false"></ottkit-player>';
    await tick();
    const lock = document.querySelector<HTMLElement>('.ottkit-lock');
    expect(lock?.hidden).toBe(false);
    document.querySelector('ottkit-player')?.setAttribute('authority', 'true');
    expect(lock?.hidden).toBe(true);
  });

  it('takes texts from the messages property', async () => {
    document.body.innerHTML = '<ottkit-player></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    el.messages = { play: 'Reproducir' };
    expect(el.querySelector('[data-action="play"]')?.getAttribute('aria-label')).toBe('Reproducir');
  });

  it('offers the quality menu once there are levels, and the aspect-ratio menu', async () => {
    document.body.innerHTML = '<ottkit-player></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    const quality = el.querySelector<HTMLSelectElement>('[aria-label="Quality"]');
    expect(quality?.hidden).toBe(true);
    const aspect = el.querySelector<HTMLSelectElement>('[aria-label="Aspect ratio"]');
    expect([...(aspect?.options ?? [])].map((o) => o.value)).toEqual(['auto', '16:9', '4:3']);
    if (aspect) aspect.value = '4:3';
    aspect?.dispatchEvent(new Event('change', { bubbles: true }));
    expect(el.core.getState().aspectRatio).toBe('4:3');
    expect(el.querySelector<HTMLElement>('.ottkit-stage')?.dataset.aspect).toBe('4:3');
  });
});
