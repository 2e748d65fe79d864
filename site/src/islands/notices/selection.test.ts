import type { Notice } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { NOTICE_MODES, noticePageOf, selectMarquee, selectPopup } from './selection.ts';

let seq = 0;
function notice(over: Partial<Notice>): Notice {
  seq += 1;
  return {
    id: `nt-${seq}`,
    priority: 0,
    title: '',
    msg: `notice ${seq}`,
    displayMode: [],
    displayChannel: [],
    displayInterval: 0,
    displayTimes: 0,
    readStatus: 0,
    properties: { backgroundcolor: '#000000', textcolor: '#ffffff', textsize: 16 },
    createdAt: seq,
    ...over,
  } as Notice;
}
const none = new Set<string>();
const noRuns = new Map();

describe('popup by page (spec §4)', () => {
  it.each([
    ['liveTv', 3],
    ['login', 4],
    ['home', 12],
    ['vod', 13],
    ['my', 14],
    ['playback', 5],
    ['vodPlayer', 15],
  ] as const)('%s shows popup mode %i only', (page, mode) => {
    expect(NOTICE_MODES[page].popup).toBe(mode);
    const mine = notice({ displayMode: [mode] as never });
    const others = [3, 4, 5, 12, 13, 14, 15]
      .filter((m) => m !== mode)
      .map((m) => notice({ displayMode: [m] as never }));
    expect(selectPopup([...others, mine], page, none)?.id).toBe(mine.id);
    expect(selectPopup(others, page, none)).toBeNull();
  });
  it('highest priority first, read ones skipped, then the next unread', () => {
    const low = notice({ displayMode: [12], priority: 1 });
    const high = notice({ displayMode: [12], priority: 9 });
    const serverRead = notice({ displayMode: [12], priority: 20, readStatus: 1 });
    expect(selectPopup([low, high, serverRead], 'home', none)?.id).toBe(high.id);
    expect(selectPopup([low, high, serverRead], 'home', new Set([high.id]))?.id).toBe(low.id);
    expect(selectPopup([low, high], 'home', new Set([high.id, low.id]))).toBeNull();
  });
  it('marquee modes never pop up; other pages have no popup', () => {
    expect(selectPopup([notice({ displayMode: [0, 1, 2, 10, 11] })], 'liveTv', none)).toBeNull();
    expect(selectPopup([notice({ displayMode: [12] })], 'other', none)).toBeNull();
  });
});

describe('marquee by page and mode (spec §4)', () => {
  it('0 live TV, 1 login, 11 everywhere, 2 live TV and playback', () => {
    expect(NOTICE_MODES.liveTv.marquee).toEqual([0, 2, 11]);
    expect(NOTICE_MODES.login.marquee).toEqual([1, 11]);
    expect(NOTICE_MODES.playback.marquee).toEqual([2, 11]);
    expect(NOTICE_MODES.home.marquee).toEqual([11]);
    const live = notice({ displayMode: [0] });
    const everywhere = notice({ displayMode: [11] });
    expect(selectMarquee([live], 'home', none, noRuns, 0).notice).toBeNull();
    expect(selectMarquee([live], 'liveTv', none, noRuns, 0).notice?.id).toBe(live.id);
    expect(selectMarquee([everywhere], 'my', none, noRuns, 0).notice?.id).toBe(everywhere.id);
    expect(selectMarquee([notice({ displayMode: [2] })], 'playback', none, noRuns, 0).notice).not.toBeNull();
  });
  it('10 is the channel marquee: only on live TV, on the channels in displayChannel', () => {
    const ch = notice({ displayMode: [10], displayChannel: ['lc-001'] });
    expect(selectMarquee([ch], 'liveTv', none, noRuns, 0, 'lc-001').notice?.id).toBe(ch.id);
    expect(selectMarquee([ch], 'liveTv', none, noRuns, 0, 'lc-002').notice).toBeNull();
    expect(selectMarquee([ch], 'home', none, noRuns, 0, 'lc-001').notice).toBeNull();
  });
  it('priority decides; displayTimes runs with displayInterval between them', () => {
    const a = notice({ displayMode: [11], priority: 5, displayTimes: 2, displayInterval: 10_000 });
    const b = notice({ displayMode: [11], priority: 1 });
    expect(selectMarquee([b, a], 'home', none, noRuns, 0).notice?.id).toBe(a.id);
    // a ran once at t=1000: b runs meanwhile; a is due again at 11 000.
    const once = new Map([[a.id, { runs: 1, lastEndAt: 1000 }]]);
    expect(selectMarquee([b, a], 'home', none, once, 2000).notice?.id).toBe(b.id);
    const bDone = new Map([...once, [b.id, { runs: 1, lastEndAt: 3000 }]]);
    expect(selectMarquee([b, a], 'home', none, bDone, 5000)).toEqual({ notice: null, waitUntil: 11_000 });
    expect(selectMarquee([b, a], 'home', none, bDone, 11_000).notice?.id).toBe(a.id);
    const twice = new Map([...bDone, [a.id, { runs: 2, lastEndAt: 20_000 }]]);
    expect(selectMarquee([b, a], 'home', none, twice, 99_000)).toEqual({ notice: null, waitUntil: null });
  });
  it('read notices do not run', () => {
    const a = notice({ displayMode: [11] });
    expect(selectMarquee([a], 'home', new Set([a.id]), noRuns, 0).notice).toBeNull();
    expect(
      selectMarquee([notice({ displayMode: [11], readStatus: 1 })], 'home', none, noRuns, 0).notice,
    ).toBeNull();
  });
});

describe('page of a path', () => {
  it.each([
    ['/liveTv', 'liveTv'],
    ['/login', 'login'],
    ['/home', 'home'],
    ['/vod/detail/m-001', 'vod'],
    ['/my/plan', 'my'],
    ['/search', 'other'],
  ] as const)('%s → %s', (path, page) => expect(noticePageOf(path)).toBe(page));
});
