// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $session, $viewer } from '../../stores/viewer.ts';
import LiveTvIsland, { CLOCK_TICK_MS } from './LiveTvIsland.tsx';

// The island seeds the shared stores from the server's answer once; its later renders must leave them alone.
vi.mock('./PlayerPane.tsx', () => ({ PlayerPane: () => null }));
vi.mock('./GuidePane.tsx', () => ({ GuidePane: () => null }));
vi.mock('./ChannelList.tsx', () => ({ ChannelList: () => null }));
vi.mock('./useLiveJobs.ts', () => ({ useLiveJobs: () => {} }));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('LiveTvIsland', () => {
  it('takes the viewer from the server once: a session that ends meanwhile is not undone by the clock tick', () => {
    vi.useFakeTimers();
    render(
      <LiveTvIsland lineup={[]} columns={[]} selectedId={null} viewer="user" lang="en" renderedAt={0} />,
    );
    expect($viewer.get()).toBe('user');
    // The session store says the session ended (spec §4 session invalid, visitor mode): $viewer follows it.
    act(() => $session.set({ loaded: true, user: null }));
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 2));
    expect($viewer.get()).toBe('guest');
  });
});
