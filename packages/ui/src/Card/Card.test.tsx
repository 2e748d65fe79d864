// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Card, type CardItem } from './Card.tsx';
import {
  CARD_HOVER_DELAY_MS,
  CARD_POPOVER_SCALE,
  cardActions,
  formatRating,
  remainingPlaybackTime,
} from './cardRules.ts';

const movie: CardItem = {
  cardId: 'c1',
  metaId: 'm1',
  metaType: 'MOVIE',
  title: 'The Long Night',
  poster: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
  rating: 7.25,
};
const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);

describe('card rules', () => {
  it('uses the spec constants: 500 ms, 1.2x', () => {
    expect(CARD_HOVER_DELAY_MS).toBe(500);
    expect(CARD_POPOVER_SCALE).toBe(1.2);
  });
  it('hides Play for SERIES only', () => {
    expect(cardActions('SERIES')).toEqual(['details']);
    expect(cardActions('MOVIE')).toEqual(['play', 'details']);
    expect(cardActions('EPISODE')).toEqual(['play', 'details']);
  });
  it('formats the rating to one decimal', () => {
    expect(formatRating(7.25)).toBe('7.3');
    expect(formatRating(8)).toBe('8.0');
    expect(formatRating(0)).toBeNull();
    expect(formatRating(null)).toBeNull();
  });
  it('gives the remaining time in the largest whole unit', () => {
    expect(remainingPlaybackTime(now + 50 * HOUR, now)).toEqual({ unit: 'days', value: 2 });
    expect(remainingPlaybackTime(now + 29 * 24 * HOUR, now)).toEqual({ unit: 'days', value: 29 });
    expect(remainingPlaybackTime(now + 30 * 24 * HOUR, now)).toEqual({
      unit: 'until',
      value: now + 30 * 24 * HOUR,
    });
    expect(remainingPlaybackTime(now + 47.5 * HOUR, now)).toEqual({ unit: 'hours', value: 47 });
    expect(remainingPlaybackTime(now + 5.5 * HOUR, now)).toEqual({ unit: 'hours', value: 5 });
    expect(remainingPlaybackTime(now + 90_000, now)).toEqual({ unit: 'minutes', value: 2 });
    expect(remainingPlaybackTime(now - 1, now)).toBeNull();
    expect(remainingPlaybackTime(undefined, now)).toBeNull();
  });
});

describe('Card', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const root = (container: HTMLElement) => container.firstElementChild as HTMLElement;

  it('shows poster, title, rating and is 16:9 by default', () => {
    const { container } = render(<Card card={movie} />);
    expect(root(container).dataset.aspect).toBe('16:9');
    expect(container.querySelector('img')?.getAttribute('src')).toBe(movie.poster);
    expect(screen.getByText('The Long Night')).toBeTruthy();
    expect(container.querySelector('[data-badge="rating"]')?.textContent).toContain('7.3');
  });

  it('loads the poster lazily unless asked to load it at once', () => {
    const lazy = render(<Card card={movie} />);
    expect(lazy.container.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    cleanup();
    const eager = render(<Card card={movie} eager />);
    expect(eager.container.querySelector('img')?.getAttribute('loading')).toBe('eager');
  });

  it('hides the visible title on request but keeps the accessible name', () => {
    render(<Card card={movie} />);
    const visibleClass = screen.getByText('The Long Night').className;
    cleanup();
    const { container } = render(<Card card={movie} showTitle={false} />);
    expect(container.querySelector(`.${visibleClass}`)).toBeNull();
    expect(screen.getByText('The Long Night').className).not.toBe(visibleClass);
    expect(screen.getByRole('button', { name: 'The Long Night' })).toBeTruthy();
  });

  it('names the date of a far-off end with the host formatter, never a count like "1815 d"', () => {
    const { container } = render(
      <Card
        card={{ ...movie, playbackValidTime: now + 1815 * 24 * HOUR }}
        now={now}
        formatDate={(ms) => `date:${ms}`}
      />,
    );
    expect(container.querySelector('[data-badge="remaining"]')?.textContent).toBe(
      `Until date:${now + 1815 * 24 * HOUR}`,
    );
  });

  it('shows the lock, the expired-guide warning and the remaining-time badge', () => {
    const { container } = render(
      <Card
        card={{ ...movie, locked: true, epgSourceStatus: 2, playbackValidTime: now + 3 * HOUR }}
        now={now}
      />,
    );
    expect(container.querySelector('[data-badge="lock"]')).toBeTruthy();
    expect(container.querySelector('[data-badge="warning"]')).toBeTruthy();
    expect(container.querySelector('[data-badge="remaining"]')?.textContent).toBe('3 h left');
    // Named by the title alone (what a viewer sees and says); the badges are its description.
    expect(
      screen.getByRole('button', {
        name: 'The Long Night',
        description: 'Locked, Guide source expired, Rating 7.3, 3 h left',
      }),
    ).toBeTruthy();
  });

  it('shows no warning for a normal or missing guide source', () => {
    const { container } = render(<Card card={{ ...movie, epgSourceStatus: 1 }} />);
    expect(container.querySelector('[data-badge="warning"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'The Long Night', description: 'Rating 7.3' })).toBeTruthy();
  });

  it('opens the popover after 500 ms of hover, not before, and closes on leave', () => {
    const { container } = render(<Card card={movie} />);
    fireEvent.mouseEnter(root(container));
    expect(root(container).dataset.state).toBe('pending');
    act(() => vi.advanceTimersByTime(499));
    expect(screen.queryByTestId('card-popover')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(root(container).dataset.state).toBe('open');
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Details' })).toBeTruthy();
    fireEvent.mouseLeave(root(container));
    expect(root(container).dataset.state).toBe('idle');
  });

  it('does not open when the pointer leaves before 500 ms', () => {
    const { container } = render(<Card card={movie} />);
    fireEvent.mouseEnter(root(container));
    act(() => vi.advanceTimersByTime(300));
    fireEvent.mouseLeave(root(container));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('card-popover')).toBeNull();
  });

  it('has no Play for a SERIES and reports Play and Details', () => {
    const onPlay = vi.fn();
    const onDetails = vi.fn();
    const { container, rerender } = render(<Card card={movie} onPlay={onPlay} onDetails={onDetails} />);
    fireEvent.mouseEnter(root(container));
    act(() => vi.advanceTimersByTime(500));
    screen.getByRole('button', { name: 'Play' }).click();
    screen.getByRole('button', { name: 'Details' }).click();
    expect(onPlay).toHaveBeenCalledWith(movie);
    expect(onDetails).toHaveBeenCalledWith(movie);
    expect(onPlay).toHaveBeenCalledTimes(1);
    rerender(<Card card={{ ...movie, metaType: 'SERIES' }} />);
    expect(screen.queryByRole('button', { name: 'Play' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Details' })).toBeTruthy();
  });

  it('opens at once on keyboard focus and closes with Escape or when focus leaves', () => {
    const { container } = render(
      <>
        <Card card={movie} />
        <button type="button">elsewhere</button>
      </>,
    );
    const main = screen.getByRole('button', { name: 'The Long Night' });
    act(() => main.focus());
    expect(root(container).dataset.state).toBe('open');
    fireEvent.keyDown(main, { key: 'Escape' });
    expect(root(container).dataset.state).toBe('idle');
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    act(() => main.focus());
    act(() => screen.getByRole('button', { name: 'Play' }).focus());
    expect(root(container).dataset.state).toBe('open');
    act(() => screen.getByRole('button', { name: 'elsewhere' }).focus());
    expect(root(container).dataset.state).toBe('idle');
  });

  it('a press that focuses the card does not open the popover under the pointer, so its click is not lost', () => {
    const onOpen = vi.fn();
    const { container } = render(<Card card={movie} onOpen={onOpen} />);
    const main = screen.getByRole('button', { name: 'The Long Night' });
    fireEvent.pointerDown(main);
    act(() => main.focus());
    expect(root(container).dataset.state).toBe('idle');
    fireEvent.pointerUp(main);
    main.click();
    expect(onOpen).toHaveBeenCalledWith(movie);
  });

  it('a click on the enlarged poster opens the card, a click on Play does not', () => {
    const onOpen = vi.fn();
    const { container } = render(<Card card={movie} onOpen={onOpen} />);
    fireEvent.mouseEnter(root(container));
    act(() => vi.advanceTimersByTime(500));
    screen.getByRole('button', { name: 'Play' }).click();
    expect(onOpen).not.toHaveBeenCalled();
    (screen.getByTestId('card-popover').querySelector('img') as HTMLElement).click();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(movie);
  });

  it('a click on the enlarged poster of a link card follows the link, like the card itself', () => {
    const onOpen = vi.fn();
    const { container } = render(<Card card={movie} href="/vod/detail/m1" onOpen={onOpen} />);
    const followed: string[] = [];
    const link = screen.getByRole('link', { name: 'The Long Night' });
    link.addEventListener('click', (event) => {
      followed.push(link.getAttribute('href') ?? '');
      event.preventDefault();
    });
    fireEvent.mouseEnter(root(container));
    act(() => vi.advanceTimersByTime(500));
    (screen.getByTestId('card-popover').querySelector('img') as HTMLElement).click();
    expect(followed).toEqual(['/vod/detail/m1']);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens through the card click, as a link when given an href', () => {
    const onOpen = vi.fn();
    render(<Card card={movie} href="/vod/detail/m1" onOpen={onOpen} />);
    const link = screen.getByRole('link', { name: 'The Long Night' });
    expect(link.getAttribute('href')).toBe('/vod/detail/m1');
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(onOpen).toHaveBeenCalledWith(movie);
  });

  it('in edit mode is a checkbox with no popover', () => {
    const onSelectedChange = vi.fn();
    const { container } = render(<Card card={movie} editMode onSelectedChange={onSelectedChange} />);
    expect(root(container).dataset.mode).toBe('edit');
    const checkbox = screen.getByRole('checkbox', { name: 'Select The Long Night' });
    checkbox.click();
    expect(onSelectedChange).toHaveBeenCalledWith('c1', true);
    fireEvent.mouseEnter(root(container));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('card-popover')).toBeNull();
  });
});
