// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Marquee } from './Marquee.tsx';
import { MARQUEE_SPEED_PX_PER_S, marqueeDurationMs, safeColor, safeTextSize } from './marqueeRules.ts';

describe('marquee rules', () => {
  it('scrolls at 60 px/s: box plus text width over the speed', () => {
    expect(MARQUEE_SPEED_PX_PER_S).toBe(60);
    expect(marqueeDurationMs(1200, 600)).toBe(30_000);
    expect(marqueeDurationMs(300, 0, 30)).toBe(10_000);
  });
  it('accepts plain colours only', () => {
    expect(safeColor('#ff0000')).toBe('#ff0000');
    expect(safeColor('rgb(0, 10, 20)')).toBe('rgb(0, 10, 20)');
    expect(safeColor('yellow')).toBe('yellow');
    expect(safeColor('url(https://evil.example/x.png)')).toBeUndefined();
    expect(safeColor('red; background: url(x)')).toBeUndefined();
    expect(safeColor('')).toBeUndefined();
  });
  it('reads the text size in px, bounded', () => {
    expect(safeTextSize('18')).toBe(18);
    expect(safeTextSize('20px')).toBe(20);
    expect(safeTextSize(200)).toBe(64);
    expect(safeTextSize('big')).toBeUndefined();
  });
});

describe('Marquee', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const notice = {
    id: 'n1',
    msg: 'Big match tonight at 20:00',
    properties: { backgroundcolor: '#102030', textcolor: 'yellow', textsize: '18' },
  };

  it('scrolls once with the notice colours, size and a 60 px/s duration', () => {
    render(<Marquee notice={notice} />);
    const strip = screen.getByRole('marquee', { name: 'Notice' });
    expect(strip.dataset.state).toBe('scrolling');
    expect(strip.style.getPropertyValue('--ok-marquee-background')).toBe('#102030');
    expect(strip.style.getPropertyValue('--ok-marquee-color')).toBe('yellow');
    expect(strip.style.getPropertyValue('--ok-marquee-size')).toBe('18px');
    expect(strip.style.getPropertyValue('--ok-marquee-duration')).toBe('30000ms');
    expect(strip.style.getPropertyValue('--ok-marquee-from')).toBe('1200px');
    expect(strip.style.getPropertyValue('--ok-marquee-to')).toBe('-600px');
  });

  it('reports the end of its animation once, with the notice id', () => {
    const onAnimationEnd = vi.fn();
    render(<Marquee notice={notice} onAnimationEnd={onAnimationEnd} />);
    const text = screen.getByText(notice.msg);
    fireEvent.animationEnd(text);
    fireEvent.animationEnd(text);
    expect(onAnimationEnd).toHaveBeenCalledTimes(1);
    expect(onAnimationEnd).toHaveBeenCalledWith('n1');
    expect(screen.getByRole('marquee').dataset.state).toBe('ended');
  });

  it('waits while hidden (no width) so a notice is never marked read unseen', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(0);
    render(<Marquee notice={notice} />);
    expect(screen.getByRole('marquee').dataset.state).toBe('measuring');
  });

  it('shows markup as text and ignores unsafe colours', () => {
    const msg = '<img src=x onerror="alert(1)">Hello';
    render(
      <Marquee notice={{ id: 'n2', msg, properties: { backgroundcolor: 'url(javascript:alert(1))' } }} />,
    );
    const strip = screen.getByRole('marquee');
    expect(strip.textContent).toBe(msg);
    expect(strip.querySelector('img')).toBeNull();
    expect(strip.style.getPropertyValue('--ok-marquee-background')).toBe('');
  });
});
