// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HorizontalScroller } from './HorizontalScroller.tsx';
import {
  easeInOutCubic,
  isMobileWidth,
  SCROLL_DURATION_MS,
  SCROLL_STEP_PX,
  scrollEdge,
  scrollPositionAt,
  scrollTarget,
} from './scrolling.ts';

describe('scrolling rules', () => {
  it('uses the spec constants: 900 px, 800 ms', () => {
    expect(SCROLL_STEP_PX).toBe(900);
    expect(SCROLL_DURATION_MS).toBe(800);
  });
  it('is mobile at or below 768 px', () => {
    expect(isMobileWidth(768)).toBe(true);
    expect(isMobileWidth(769)).toBe(false);
  });
  it('knows the edges', () => {
    expect(scrollEdge(0, 1000, 1000)).toBe('fits');
    expect(scrollEdge(0, 1000, 3000)).toBe('start');
    expect(scrollEdge(900, 1000, 3000)).toBe('middle');
    expect(scrollEdge(2000, 1000, 3000)).toBe('end');
  });
  it('steps inside the strip', () => {
    expect(scrollTarget(0, 1, 900, 2000)).toBe(900);
    expect(scrollTarget(1800, 1, 900, 2000)).toBe(2000);
    expect(scrollTarget(500, -1, 900, 2000)).toBe(0);
  });
  it('eases from start to end', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(scrollPositionAt(0, 900, 400, 800)).toBe(450);
    expect(scrollPositionAt(0, 900, 800, 800)).toBe(900);
  });
});

describe('HorizontalScroller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function renderStrip() {
    render(
      <HorizontalScroller label="Trending">
        {Array.from({ length: 12 }, (_, i) => (
          <span key={String(i)}>item {i}</span>
        ))}
      </HorizontalScroller>,
    );
    const region = screen.getByRole('group', { name: 'Trending' });
    const viewport = region.querySelector('div') as HTMLDivElement;
    let left = 0;
    Object.defineProperty(viewport, 'clientWidth', { configurable: true, value: 1000 });
    Object.defineProperty(viewport, 'scrollWidth', { configurable: true, value: 3000 });
    Object.defineProperty(viewport, 'scrollLeft', {
      configurable: true,
      get: () => left,
      set: (value: number) => {
        left = value;
      },
    });
    fireEvent.scroll(viewport);
    return { region, viewport, position: () => left };
  }

  it('glides one 900 px step in 800 ms with the next arrow, then the previous arrow returns', () => {
    const { region, position } = renderStrip();
    expect(region.dataset.state).toBe('start');
    const previous = screen.getByRole('button', { name: 'Scroll back' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Scroll forward' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    act(() => next.click());
    act(() => vi.advanceTimersByTime(400));
    expect(position()).toBeGreaterThan(0);
    expect(position()).toBeLessThan(900);
    act(() => vi.advanceTimersByTime(500));
    expect(position()).toBe(900);
    expect(region.dataset.state).toBe('middle');
    expect(previous.disabled).toBe(false);
    act(() => previous.click());
    act(() => vi.advanceTimersByTime(900));
    expect(position()).toBe(0);
  });

  it('two quick clicks travel two steps and stop at the end', () => {
    const { region, position } = renderStrip();
    const next = screen.getByRole('button', { name: 'Scroll forward' }) as HTMLButtonElement;
    act(() => next.click());
    act(() => vi.advanceTimersByTime(100));
    act(() => next.click());
    act(() => vi.advanceTimersByTime(900));
    expect(position()).toBe(1800);
    act(() => next.click());
    act(() => vi.advanceTimersByTime(900));
    expect(position()).toBe(2000);
    expect(region.dataset.state).toBe('end');
    expect(next.disabled).toBe(true);
  });

  it('says it fits when nothing overflows', () => {
    render(
      <HorizontalScroller label="Short">
        <span>one</span>
      </HorizontalScroller>,
    );
    expect(screen.getByRole('group', { name: 'Short' }).dataset.state).toBe('fits');
  });

  it('puts the arrows over the strip by default, beside it when asked (tabs)', () => {
    render(
      <>
        <HorizontalScroller label="Cards">
          <span>one</span>
        </HorizontalScroller>
        <HorizontalScroller label="Tabs" arrows="beside">
          <span>one</span>
        </HorizontalScroller>
      </>,
    );
    expect(screen.getByRole('group', { name: 'Cards' }).dataset.arrows).toBe('over');
    expect(screen.getByRole('group', { name: 'Tabs' }).dataset.arrows).toBe('beside');
  });

  it('takes the mobile layout at or below 768 px', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(max-width: 768px)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    render(
      <HorizontalScroller label="Phone">
        <span>one</span>
      </HorizontalScroller>,
    );
    expect(screen.getByRole('group', { name: 'Phone' }).dataset.layout).toBe('mobile');
    vi.unstubAllGlobals();
  });
});
