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

  it('shows the next title and a Favorite button that asks the host, hidden in broadcast mode', async () => {
    document.body.innerHTML =
      '<ottkit-player src="/live.m3u8" channel-name="News" favorite="false" autoplay="false"></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    await tick();
    el.programme = { title: 'Headlines', start: 0, stop: 1 };
    el.next = { title: 'Weather' };
    expect(el.querySelector('.ottkit-now')?.textContent).toBe('Now: Headlines');
    expect(el.querySelector('.ottkit-next')?.textContent).toBe('Next: Weather');
    const heart = el.querySelector<HTMLButtonElement>('[aria-label="Favorite"]');
    expect(heart?.hidden).toBe(false);
    expect(heart?.getAttribute('aria-pressed')).toBe('false');
    const asked: unknown[] = [];
    el.addEventListener('ottkit-favorite', (e) => asked.push((e as CustomEvent).detail));
    heart?.click();
    expect(asked).toEqual([{ favorite: true }]);
    // The host's server said yes: the button shows pressed.
    el.setAttribute('favorite', 'true');
    expect(heart?.getAttribute('aria-pressed')).toBe('true');
    el.setAttribute('broadcast', '');
    expect(heart?.hidden).toBe(true);
  });

  it('has no Favorite button without the favorite attribute', async () => {
    document.body.innerHTML = '<ottkit-player channel-name="News"></ottkit-player>';
    await tick();
    expect(document.querySelector<HTMLElement>('.ottkit-favorite')?.hidden).toBe(true);
  });

  it('keeps the host marquee in its slot at the top, also when the texts change', async () => {
    document.body.innerHTML = '<ottkit-player><p slot="marquee">Maintenance tonight</p></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    const slot = () => el.querySelector<HTMLElement>('.ottkit-marquee');
    expect(slot()?.hidden).toBe(false);
    expect(slot()?.textContent).toBe('Maintenance tonight');
    el.messages = { play: 'Reproducir' };
    expect(slot()?.textContent).toBe('Maintenance tonight');
  });

  it('rotates the posters of an audio channel every 5 s', async () => {
    vi.useFakeTimers();
    try {
      document.body.innerHTML =
        '<ottkit-player audio-only audio-posters="/a.svg, /b.svg" autoplay="false"></ottkit-player>';
      const carousel = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]');
      const active = () =>
        [...(carousel?.querySelectorAll('img') ?? [])].map((i) => i.getAttribute('data-active'));
      expect(carousel?.hidden).toBe(false);
      expect(active()).toEqual(['true', 'false']);
      vi.advanceTimersByTime(4_999);
      expect(active()).toEqual(['true', 'false']);
      vi.advanceTimersByTime(1);
      expect(active()).toEqual(['false', 'true']);
      vi.advanceTimersByTime(5_000);
      expect(active()).toEqual(['true', 'false']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no posters for a channel with pictures', async () => {
    document.body.innerHTML = '<ottkit-player audio-posters="/a.svg"></ottkit-player>';
    expect(document.querySelector<HTMLElement>('.ottkit-posters')?.hidden).toBe(true);
  });

  it('takes the time-shift playlist and expiry as attributes; new ones renew without a reload', async () => {
    document.body.innerHTML =
      '<ottkit-player src="/live.m3u8?token=a" timeshift-src="/dvr.m3u8?token=a" timeshift-start="1000" expires-at="5000" autoplay="false"></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    await tick();
    expect(el.core.getState().source).toMatchObject({
      src: '/live.m3u8?token=a',
      timeshiftSrc: '/dvr.m3u8?token=a',
      timeshiftStart: 1000,
      expiresAt: 5000,
    });
    const reloads: unknown[] = [];
    const renewed: unknown[] = [];
    el.addEventListener('ottkit-reload', (e) => reloads.push((e as CustomEvent).detail));
    el.addEventListener('ottkit-renewed', (e) => renewed.push((e as CustomEvent).detail));
    const loaded = el.core.getState().source;
    el.setAttribute('timeshift-src', '/dvr.m3u8?token=b');
    el.setAttribute('expires-at', '9000');
    expect(el.core.getState().source).toMatchObject({ timeshiftSrc: '/dvr.m3u8?token=b', expiresAt: 9000 });
    expect(renewed).toEqual([{ expiresAt: 5000 }, { expiresAt: 9000 }]);
    expect(reloads).toEqual([]);
    // The same item: a renewal keeps what was not renewed.
    expect(el.core.getState().source?.src).toBe(loaded?.src);
    // The player asks the element's renewSource, read when it asks.
    el.renewSource = async () => ({ src: '/live.m3u8?token=c' });
    const source = el.core.getState().source;
    if (!source?.renew) throw new Error('no renew');
    expect(await source.renew({ mode: 'live', source })).toEqual({ src: '/live.m3u8?token=c' });
  });

  it('has the delay setting, remembered in this browser, and a statistics overlay it opens (issue 41)', async () => {
    localStorage.setItem('ottkit.player.latency', 'stable');
    document.body.innerHTML = '<ottkit-player src="/live.m3u8" mode="live" autoplay="false"></ottkit-player>';
    const el = document.querySelector('ottkit-player');
    if (!el) throw new Error('missing');
    await tick();
    const menu = el.querySelector<HTMLSelectElement>('select[aria-label="Delay"]');
    expect(menu?.hidden).toBe(false);
    expect(menu?.value).toBe('stable');
    if (menu) {
      menu.value = 'lowest';
      menu.dispatchEvent(new Event('change', { bubbles: true }));
    }
    expect(el.core.getState().latencyPreference).toBe('lowest');
    expect(localStorage.getItem('ottkit.player.latency')).toBe('lowest');
    const button = el.querySelector<HTMLButtonElement>('button[aria-label="Statistics"]');
    const panel = el.querySelector<HTMLElement>('.ottkit-stats');
    expect(panel?.hidden).toBe(true);
    expect(button?.getAttribute('aria-controls')).toBe(panel?.id);
    button?.click();
    expect(panel?.hidden).toBe(false);
    expect(button?.getAttribute('aria-pressed')).toBe('true');
    button?.click();
    expect(panel?.hidden).toBe(true);
  });
});
