// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerCarousel, type BannerSlide } from './BannerCarousel.tsx';
import { BANNER_INTERVAL_MS, bannerAutoAdvances, nextSlideIndex, slideText } from './bannerRules.ts';

const slides: BannerSlide[] = [
  {
    bannerItemId: 'b1',
    title: 'First',
    genres: [{ name: 'Drama' }, { name: 'Crime' }],
    description: 'One.',
    image: 'a',
  },
  { bannerItemId: 'b2', title: 'Second', plot: 'Plot two.', image: 'b' },
  { bannerItemId: 'b3', title: 'Third', description: '', plot: 'Plot three.', image: 'c' },
];

function currentTitle(): string | null {
  const current = document.querySelector('[data-state="current"] h2');
  return current?.textContent ?? null;
}

describe('banner rules', () => {
  it('advances every 5 s and wraps', () => {
    expect(BANNER_INTERVAL_MS).toBe(5000);
    expect(nextSlideIndex(0, 3)).toBe(1);
    expect(nextSlideIndex(2, 3)).toBe(0);
  });
  it('auto-advances only without thumbnails and with more than one slide', () => {
    expect(bannerAutoAdvances(false, 3)).toBe(true);
    expect(bannerAutoAdvances(true, 3)).toBe(false);
    expect(bannerAutoAdvances(false, 1)).toBe(false);
  });
  it('shows the description, else the plot', () => {
    expect(slideText({ description: 'D', plot: 'P' })).toBe('D');
    expect(slideText({ description: ' ', plot: 'P' })).toBe('P');
    expect(slideText({})).toBe('');
  });
});

describe('BannerCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows title, genres and description or plot', () => {
    render(<BannerCarousel slides={slides} />);
    expect(currentTitle()).toBe('First');
    expect(screen.getByText('Drama · Crime')).toBeTruthy();
    expect(screen.getByText('One.')).toBeTruthy();
  });

  it('auto-advances every 5 s with dots, and wraps', () => {
    render(<BannerCarousel slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Spotlight' });
    expect(carousel.dataset.state).toBe('playing');
    act(() => vi.advanceTimersByTime(4999));
    expect(currentTitle()).toBe('First');
    act(() => vi.advanceTimersByTime(1));
    expect(currentTitle()).toBe('Second');
    act(() => vi.advanceTimersByTime(5000));
    expect(currentTitle()).toBe('Third');
    act(() => vi.advanceTimersByTime(5000));
    expect(currentTitle()).toBe('First');
    expect(screen.getAllByRole('button', { name: /^Show slide/ })).toHaveLength(3);
  });

  it('a dot selects its slide and restarts the 5 s', () => {
    render(<BannerCarousel slides={slides} />);
    act(() => vi.advanceTimersByTime(3000));
    act(() => screen.getByRole('button', { name: 'Show slide 3: Third' }).click());
    expect(currentTitle()).toBe('Third');
    act(() => vi.advanceTimersByTime(4999));
    expect(currentTitle()).toBe('Third');
    act(() => vi.advanceTimersByTime(1));
    expect(currentTitle()).toBe('First');
  });

  it('pauses while focus is inside (keyboard users read at their pace)', () => {
    render(<BannerCarousel slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Spotlight' });
    act(() => screen.getByRole('button', { name: 'Details: First' }).focus());
    expect(carousel.dataset.state).toBe('paused');
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentTitle()).toBe('First');
  });

  it('pauses while hovered and resumes on leave', () => {
    render(<BannerCarousel slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Spotlight' });
    fireEvent.mouseEnter(carousel);
    expect(carousel.dataset.state).toBe('paused');
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentTitle()).toBe('First');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(currentTitle()).toBe('Second');
  });

  it('with thumbnails: no auto-advance, no dots, hovering a 256 px thumbnail selects its slide', () => {
    const onDetails = vi.fn();
    render(<BannerCarousel slides={slides} thumbnails onDetails={onDetails} />);
    const carousel = screen.getByRole('region', { name: 'Spotlight' });
    expect(carousel.dataset.state).toBe('static');
    act(() => vi.advanceTimersByTime(20_000));
    expect(currentTitle()).toBe('First');
    const thumb = screen.getByRole('button', { name: 'Show slide 2: Second' });
    expect(thumb.querySelector('img')?.getAttribute('width')).toBe('256');
    fireEvent.mouseEnter(thumb);
    expect(currentTitle()).toBe('Second');
    expect(screen.getByText('Plot two.')).toBeTruthy();
    expect(document.querySelectorAll('[class*="dot"]')).toHaveLength(0);
    thumb.click();
    expect(onDetails).toHaveBeenCalledWith(slides[1]);
  });

  it('Details reports the current slide', () => {
    const onDetails = vi.fn();
    render(<BannerCarousel slides={slides} onDetails={onDetails} />);
    screen.getByRole('button', { name: 'Details: First' }).click();
    expect(onDetails).toHaveBeenCalledWith(slides[0]);
  });

  it('renders nothing without slides and does not advance one slide', () => {
    const { container, rerender } = render(<BannerCarousel slides={[]} />);
    expect(container.firstChild).toBeNull();
    rerender(<BannerCarousel slides={slides.slice(0, 1)} />);
    expect(screen.getByRole('region').dataset.state).toBe('static');
  });
});
