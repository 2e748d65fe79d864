// @vitest-environment jsdom
import type { ChannelRowProps } from '@ottkit/ui';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChannel } from '../../lib/liveLineup.ts';
import { $activeColumn, $channels, $selectedChannelId } from '../../stores/channels.ts';
import { setFavorites } from '../../stores/favorites.ts';
import { ChannelList, ROW_HEIGHT } from './ChannelList.tsx';

// Counts the row renders: the list must render a row when it enters the viewport, not every row per frame.
const rowRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@ottkit/ui', async (original) => ({
  ...(await original<typeof import('@ottkit/ui')>()),
  ChannelRow: ({ channel }: ChannelRowProps) => {
    rowRenders.count++;
    return <span>{channel.logicalChannelName}</span>;
  },
}));

const channel = (i: number): LiveChannel => ({
  logicalChannelId: `lc-${i}`,
  logicalChannelName: `Channel ${i}`,
  channelSeq: i,
  channelType: 1,
  iconUrl: '',
  isFavorite: false,
  liveAuthority: true,
  playBackAuthority: true,
  canPlayBack: true,
  playbackDuration: 7,
  epgId: `epg-${i}`,
  columnIds: ['news'],
  audioPosterList: [],
});

let frames: (() => void)[] = [];
const runFrames = () =>
  act(() => {
    for (const callback of frames.splice(0)) callback();
  });

beforeEach(() => {
  frames = [];
  rowRenders.count = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  // A 640 px viewport: 10 rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  $channels.set(Array.from({ length: 500 }, (_, i) => channel(i + 1)));
  setFavorites([]);
  $activeColumn.set('news');
  $selectedChannelId.set('lc-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The list's scrolling viewport; jsdom keeps scrollTop but does no layout (the height is stubbed). */
function viewport() {
  const el = document.querySelector<HTMLElement>('[data-count]');
  if (!el) throw new Error('no list');
  return {
    scrollTo(y: number) {
      el.scrollTop = y;
      el.dispatchEvent(new Event('scroll'));
    },
  };
}

const shown = () => [...document.querySelectorAll('li')].map((li) => li.textContent);

describe('ChannelList (500 channels)', () => {
  it('keeps only the rows near the viewport in the DOM', () => {
    render(<ChannelList now={0} />);
    runFrames();
    expect(document.querySelector('[data-count]')?.getAttribute('data-count')).toBe('500');
    expect(shown()).toHaveLength(17);
    expect(shown()[0]).toBe('Channel 1');
  });

  it('renders only the rows that enter, once per frame however many scroll events arrive', () => {
    render(<ChannelList now={0} />);
    const list = viewport();
    runFrames();
    const before = rowRenders.count;
    list.scrollTo(ROW_HEIGHT * 0.5);
    list.scrollTo(ROW_HEIGHT * 3);
    list.scrollTo(ROW_HEIGHT * 7);
    expect(frames).toHaveLength(1);
    runFrames();
    // Seven rows came in at the bottom (the overscan rows above stay until the top leaves the overscan).
    expect(rowRenders.count - before).toBe(7);
    expect(shown()).toContain('Channel 24');
  });

  it('does not render at all while the scroll stays within a row', () => {
    render(<ChannelList now={0} />);
    const list = viewport();
    runFrames();
    const before = rowRenders.count;
    list.scrollTo(10);
    list.scrollTo(40);
    runFrames();
    expect(rowRenders.count).toBe(before);
  });

  it("tells assistive technology each rendered row's place in the whole category", () => {
    render(<ChannelList now={0} />);
    const list = viewport();
    runFrames();
    list.scrollTo(ROW_HEIGHT * 400);
    runFrames();
    const row = [...document.querySelectorAll('li')].find((li) => li.textContent === 'Channel 405');
    expect(row?.getAttribute('aria-setsize')).toBe('500');
    expect(row?.getAttribute('aria-posinset')).toBe('405');
  });

  // Decision 0321: a row scrolling in takes the node of one that left, so scrolling creates no elements.
  it('reuses the node of a row that left for a row that enters', () => {
    render(<ChannelList now={0} />);
    const list = viewport();
    runFrames();
    // Rows 15-37 drawn (the overscan on both sides), then 7 rows further down.
    list.scrollTo(ROW_HEIGHT * 20);
    runFrames();
    const first = [...document.querySelectorAll('li')].find((li) => li.textContent === 'Channel 15');
    const nodes = document.querySelectorAll('li').length;
    const renders = rowRenders.count;
    list.scrollTo(ROW_HEIGHT * 27);
    runFrames();
    expect(first?.isConnected).toBe(true);
    expect(first?.textContent).toMatch(/^Channel (3[89]|4[0-4])$/);
    expect(first?.getAttribute('aria-posinset')).toBe(first?.textContent?.slice('Channel '.length));
    expect(document.querySelectorAll('li')).toHaveLength(nodes);
    expect(rowRenders.count - renders).toBe(7);
    expect(shown()).not.toContain('Channel 15');
    // In the DOM in the list's order (the keyboard's order).
    const places = [...document.querySelectorAll('li')].map((li) => Number(li.getAttribute('aria-posinset')));
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });

  it('keeps the focused row drawn, on its own node, while it is scrolled away', () => {
    render(<ChannelList now={0} />);
    const list = viewport();
    runFrames();
    const focused = [...document.querySelectorAll('li')].find((li) => li.textContent === 'Channel 3');
    fireEvent.focusIn(focused?.firstElementChild as Element);
    list.scrollTo(ROW_HEIGHT * 400);
    runFrames();
    expect(focused?.isConnected).toBe(true);
    expect(focused?.textContent).toBe('Channel 3');
    expect(shown()).toContain('Channel 405');
    fireEvent.focusOut(focused?.firstElementChild as Element, { relatedTarget: document.body });
    expect(shown()).not.toContain('Channel 3');
  });
});
