// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gridFixture } from './GuideGrid.fixtures.ts';
import { GuideGrid } from './GuideGrid.tsx';
import {
  blockBox,
  GRID_ROW_HEIGHT,
  inWindow,
  moveFocus,
  programmeAt,
  rulerMarks,
  timeToX,
  xToTime,
} from './gridLayout.ts';

afterEach(cleanup);

const MIN = 60_000;
const from = Date.UTC(2026, 10, 24, 0, 0);
const to = from + 24 * 60 * MIN;
const now = Date.UTC(2026, 10, 24, 12, 40);
const utc = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const p = (id: string, startMin: number, stopMin: number) => ({
  programId: id,
  start: from + startMin * MIN,
  stop: from + stopMin * MIN,
});

describe('grid geometry', () => {
  it('draws 4 px a minute from the span start, and back', () => {
    expect(timeToX(from + 30 * MIN, from)).toBe(120);
    expect(xToTime(120, from)).toBe(from + 30 * MIN);
  });
  it('sizes a block by its duration, clipped to the span', () => {
    expect(blockBox(p('a', 60, 90), from, to)).toEqual({ left: 240, width: 120 });
    expect(blockBox(p('b', -30, 30), from, to)).toEqual({ left: 0, width: 120 });
    expect(blockBox(p('c', -60, 0), from, to)).toBeNull();
  });
  it('keeps the programmes on air in a window', () => {
    const list = [p('a', 0, 60), p('b', 60, 120), p('c', 120, 180)];
    expect(inWindow(list, from + 60 * MIN, from + 120 * MIN).map((x) => x.programId)).toEqual(['b']);
  });
  it('marks every half hour', () => {
    expect(rulerMarks(from + 10 * MIN, from + 95 * MIN).map(utc)).toEqual(['00:30', '01:00', '01:30']);
  });
});

describe('moveFocus', () => {
  const rows = [
    [p('a1', 0, 60), p('a2', 60, 120), p('a3', 120, 180)],
    [p('b1', 0, 90), p('b2', 90, 180)],
  ];
  const opts = { rows: 3, programmesOf: (r: number) => rows[r], time: from + 30 * MIN };
  it('steps through a row, and from its first programme to the channel', () => {
    expect(moveFocus({ row: 0, programId: 'a2' }, 'ArrowRight', opts)).toEqual({ row: 0, programId: 'a3' });
    expect(moveFocus({ row: 0, programId: 'a3' }, 'ArrowRight', opts)).toEqual({ row: 0, programId: 'a3' });
    expect(moveFocus({ row: 0, programId: 'a1' }, 'ArrowLeft', opts)).toEqual({ row: 0, programId: null });
    expect(moveFocus({ row: 0, programId: null }, 'ArrowRight', opts)).toEqual({ row: 0, programId: 'a1' });
    expect(moveFocus({ row: 0, programId: 'a2' }, 'End', opts)).toEqual({ row: 0, programId: 'a3' });
    expect(moveFocus({ row: 0, programId: 'a2' }, 'Home', opts)).toEqual({ row: 0, programId: 'a1' });
  });
  it('keeps the time going up and down (the middle of the focused programme)', () => {
    // a2 is 01:00–02:00; its middle 01:30 is b2's start.
    expect(moveFocus({ row: 0, programId: 'a2' }, 'ArrowDown', opts)).toEqual({ row: 1, programId: 'b2' });
    expect(moveFocus({ row: 1, programId: 'b1' }, 'ArrowUp', opts)).toEqual({ row: 0, programId: 'a1' });
    expect(moveFocus({ row: 0, programId: 'a1' }, 'ArrowUp', opts)).toEqual({ row: 0, programId: 'a1' });
  });
  it('enters a row still loading at its channel, and moves channel to channel', () => {
    expect(moveFocus({ row: 1, programId: 'b1' }, 'ArrowDown', opts)).toEqual({ row: 2, programId: null });
    expect(moveFocus({ row: 0, programId: null }, 'ArrowDown', opts)).toEqual({ row: 1, programId: null });
  });
  it('finds the programme at a time, else the next, else the last', () => {
    const list = rows[0] ?? [];
    expect(programmeAt(list, from + 61 * MIN)?.programId).toBe('a2');
    expect(programmeAt(list, from - MIN)?.programId).toBe('a1');
    expect(programmeAt(list, from + 999 * MIN)?.programId).toBe('a3');
  });
});

describe('GuideGrid', () => {
  const renderGrid = (count: number, extra: Partial<Parameters<typeof GuideGrid>[0]> = {}) => {
    const { channels, programmes } = gridFixture(count, from, now);
    const onProgramme = vi.fn();
    const onSelectChannel = vi.fn();
    render(
      <GuideGrid
        label="Guide grid"
        channels={channels}
        programmes={programmes}
        from={from}
        to={to}
        now={now}
        selectedChannelId="lc-1"
        formatTime={utc}
        onProgramme={onProgramme}
        onSelectChannel={onSelectChannel}
        {...extra}
      />,
    );
    return { onProgramme, onSelectChannel, programmes };
  };

  it('names every block by channel, title, time and action, and draws the now line at now', () => {
    renderGrid(3);
    const grid = screen.getByRole('grid', { name: 'Guide grid' });
    expect(grid.getAttribute('aria-rowcount')).toBe('3');
    const onAir = screen.getByRole('button', { name: /^Channel 1, .+, \d\d:\d\d – \d\d:\d\d, Playing$/ });
    expect(onAir.getAttribute('data-state')).toBe('playing');
    const line = screen.getByTestId('guide-now-line');
    expect(line.style.left).toBe(`calc(var(--ok-guide-channel-width) + ${timeToX(now, from)}px)`);
    expect(screen.getAllByRole('rowheader')).toHaveLength(3);
  });

  // Decision 0353: the headers are in one sticky column; each row owns its header and its blocks, header first.
  it("gives each row its channel's header and then its blocks (aria-owns), and the grid nothing else", () => {
    renderGrid(3);
    const grid = screen.getByRole('grid', { name: 'Guide grid' });
    for (const row of screen.getAllByRole('row')) {
      expect(row.parentElement).toBe(grid);
      const channelId = row.getAttribute('data-channel-id');
      const [header, blocks] = (row.getAttribute('aria-owns') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id));
      expect(header?.getAttribute('role')).toBe('rowheader');
      expect(header?.getAttribute('data-channel-id')).toBe(channelId);
      expect(header?.textContent).toContain(`Channel ${channelId?.slice(3)}`);
      expect(blocks?.getAttribute('data-channel-id')).toBe(channelId);
      expect(blocks?.querySelectorAll('[role="gridcell"]').length).toBeGreaterThan(0);
    }
    // Only rows inside the grid (axe's aria-required-children), every header in the one column.
    expect(grid.querySelectorAll(':scope > :not([role="row"]), [role="row"] *')).toHaveLength(0);
    const headers = screen.getAllByRole('rowheader');
    expect(new Set(headers.map((h) => h.parentElement)).size).toBe(1);
  });

  it('sizes a block by its duration', () => {
    const { programmes } = renderGrid(1);
    const first = programmes.get('lc-1')?.find((x) => x.start >= from);
    if (!first) throw new Error('no programme');
    const button = document.querySelector(`[data-program-id="${first.programId}"]`);
    const cell = button?.parentElement as HTMLElement;
    expect(cell.style.width).toBe(`${timeToX(first.stop, first.start)}px`);
  });

  it('a click on a block takes its action; a click on the channel selects it', () => {
    const { onProgramme, onSelectChannel } = renderGrid(3);
    fireEvent.click(screen.getAllByRole('button', { name: /^Channel 2, .+, Playback$/ })[0] as HTMLElement);
    expect(onProgramme).toHaveBeenCalledWith('lc-2', expect.objectContaining({ action: 'playback' }));
    fireEvent.click(screen.getByRole('button', { name: 'Channel 3, Channel 3' }));
    expect(onSelectChannel).toHaveBeenCalledWith('lc-3');
  });

  it('marks a lock on a block and on a channel without authority', () => {
    renderGrid(7);
    expect(
      screen.getByRole('button', { name: 'Channel 7, Channel 7, Locked: no live authority' }),
    ).toBeTruthy();
    expect(
      screen.getAllByRole('button', { name: /^Channel 7, .+, Playback, Purchase required$/ }).length,
    ).toBe(
      // Only the blocks near the view are drawn.
      document.querySelectorAll('[data-channel-id="lc-7"] [data-action="playback"]').length,
    );
  });

  it('has one tab stop, the watched channel on air, and arrow keys move it without leaving the grid', () => {
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    renderGrid(3);
    const stops = document.querySelectorAll('[data-guide-grid] [tabindex="0"]');
    expect(stops).toHaveLength(1);
    const stop = stops[0] as HTMLElement;
    expect(stop.getAttribute('data-state')).toBe('playing');
    stop.focus();
    fireEvent.keyDown(stop, { key: 'ArrowRight' });
    const next = document.activeElement as HTMLElement;
    expect(next.getAttribute('data-state')).toBe('notStart');
    expect(next.closest('[data-blocks]')?.getAttribute('data-channel-id')).toBe('lc-1');
    fireEvent.keyDown(next, { key: 'ArrowDown' });
    expect(
      (document.activeElement as HTMLElement).closest('[data-blocks]')?.getAttribute('data-channel-id'),
    ).toBe('lc-2');
    expect(document.querySelectorAll('[data-guide-grid] [tabindex="0"]')).toHaveLength(1);
    // The page's own arrow keys (channel up/down while watching) never see a move inside the grid.
    expect(outside).not.toHaveBeenCalled();
    document.removeEventListener('keydown', outside);
  });

  it('draws only the rows near the view of 500 channels', () => {
    renderGrid(500);
    const rows = document.querySelectorAll('[role="row"]').length;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(40);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('500');
  });

  // Decision 0321: rows (and their blocks) scrolled in take the nodes of those that left.
  it('a row scrolled in takes the node of a row that left, and its blocks those of the blocks that left', async () => {
    renderGrid(500);
    const grid = screen.getByRole('grid').closest<HTMLElement>('[data-guide-grid]');
    if (!grid) throw new Error('no scroller');
    const scrollToRow = async (row: number) => {
      grid.scrollTop = row * GRID_ROW_HEIGHT;
      grid.dispatchEvent(new Event('scroll'));
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    };
    await scrollToRow(30);
    const leaving = grid.querySelector('[role="row"][data-channel-id="lc-25"]');
    const header = grid.querySelector('[role="rowheader"][data-channel-id="lc-25"]');
    const leavingBlocks = grid.querySelector('[data-blocks][data-channel-id="lc-25"]');
    const block = leavingBlocks?.querySelector('[data-kind="programme"]');
    const watched = grid.querySelector('[role="row"][data-channel-id="lc-1"]');
    const rows = grid.querySelectorAll('[role="row"]').length;
    await scrollToRow(40);
    expect(grid.querySelector('[data-channel-id="lc-25"]')).toBeNull();
    expect(leaving?.isConnected).toBe(true);
    expect(Number(leaving?.getAttribute('aria-rowindex'))).toBeGreaterThan(47);
    expect(leaving?.getAttribute('data-channel-id')).toBe(`lc-${leaving?.getAttribute('aria-rowindex')}`);
    // Its header and blocks went with it: the same nodes, now the new channel's, still owned by the row.
    expect(header?.getAttribute('data-channel-id')).toBe(leaving?.getAttribute('data-channel-id'));
    expect(leavingBlocks?.getAttribute('data-channel-id')).toBe(leaving?.getAttribute('data-channel-id'));
    expect(leaving?.getAttribute('aria-owns')).toBe(`${header?.id} ${leavingBlocks?.id}`);
    expect(block?.isConnected).toBe(true);
    expect(block?.getAttribute('data-program-id')).toMatch(
      new RegExp(`^${leaving?.getAttribute('data-channel-id')}-`),
    );
    expect(grid.querySelectorAll('[role="row"]')).toHaveLength(rows);
    // The watched channel's row holds the tab stop: still drawn, on its own node, first in the DOM.
    expect(watched?.isConnected).toBe(true);
    expect(grid.querySelector('[role="row"]')).toBe(watched);
  });

  // Decision 0358: while rows move, a row scrolling in draws the visible times (and a quarter hour either side);
  // once the rows are still, every row draws the whole window again.
  it('a row scrolling in draws the visible times only while rows move, and the whole window once still', async () => {
    renderGrid(500);
    const grid = screen.getByRole('grid').closest<HTMLElement>('[data-guide-grid]');
    if (!grid) throw new Error('no scroller');
    const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await nextFrame();
    // The grid opened on now (12:40; jsdom has no layout, so the time area is taken as 1,280 px: 320 minutes).
    const viewFrom = now;
    const viewTo = now + 320 * MIN;
    const blocksOf = (channelId: string) =>
      [...grid.querySelectorAll(`[data-blocks][data-channel-id="${channelId}"] [data-kind="programme"]`)].map(
        (b) => ({ start: Number(b.getAttribute('data-start')), stop: Number(b.getAttribute('data-stop')) }),
      );
    const entering = Array.from({ length: 10 }, (_, i) => `lc-${41 + i}`);
    expect(entering.every((id) => blocksOf(id).length === 0)).toBe(true);

    grid.scrollTop = 40 * GRID_ROW_HEIGHT;
    grid.dispatchEvent(new Event('scroll'));
    await nextFrame();
    const moving = entering.flatMap(blocksOf);
    expect(moving.length).toBeGreaterThan(0);
    for (const b of moving) {
      expect(b.stop).toBeGreaterThan(viewFrom - 15 * MIN);
      expect(b.start).toBeLessThan(viewTo + 15 * MIN);
    }
    // The view itself is covered: each entering row has a block on air at its left and right edges.
    for (const id of entering) {
      const row = blocksOf(id);
      expect(row.some((b) => b.start <= viewFrom && b.stop > viewFrom)).toBe(true);
      expect(row.some((b) => b.start < viewTo && b.stop >= viewTo)).toBe(true);
    }

    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const still = entering.flatMap(blocksOf);
    expect(still.length).toBeGreaterThan(moving.length);
    expect(still.some((b) => b.stop <= viewFrom - 15 * MIN || b.start >= viewTo + 15 * MIN)).toBe(true);
  });

  it('shows a placeholder for a row still loading', () => {
    renderGrid(2, { programmes: new Map() });
    expect(document.querySelectorAll('[data-kind="programme"]')).toHaveLength(0);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});
