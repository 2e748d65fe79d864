// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgrammeRow } from './ProgrammeRow.tsx';
import { isWithinCatchupWindow, programmeAction, programmeActionLock } from './programmeAction.ts';

afterEach(cleanup);

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 22, 12, 0);
const finished = {
  status: 'finished' as const,
  subscribed: false,
  start: now - 2 * DAY,
  canPlayBack: true,
  isCatchup: true,
  playbackDuration: 7,
  now,
};

describe('programmeAction (spec §4)', () => {
  it('notStart shows Subscribe, or Subscribed when the subscribe flag is set', () => {
    expect(programmeAction({ ...finished, status: 'notStart', start: now + DAY })).toBe('subscribe');
    expect(programmeAction({ ...finished, status: 'notStart', subscribed: true, start: now + DAY })).toBe(
      'subscribed',
    );
  });
  it('playing shows Playing whatever the catch-up facts', () => {
    expect(programmeAction({ ...finished, status: 'playing', canPlayBack: false, isCatchup: false })).toBe(
      'playing',
    );
  });
  it('finished shows Playback when the channel allows it, the programme is catch-up and in the window', () => {
    expect(programmeAction(finished)).toBe('playback');
  });
  it('finished shows nothing when the channel does not allow catch-up', () => {
    expect(programmeAction({ ...finished, canPlayBack: false })).toBe('none');
  });
  it('finished shows nothing when the programme is not catch-up', () => {
    expect(programmeAction({ ...finished, isCatchup: false })).toBe('none');
  });
  it('finished shows nothing when the start is older than playbackDuration days', () => {
    expect(programmeAction({ ...finished, start: now - 7 * DAY - 1 })).toBe('none');
    expect(programmeAction({ ...finished, start: now - 7 * DAY })).toBe('playback');
    expect(programmeAction({ ...finished, playbackDuration: 1 })).toBe('none');
  });
  it('a zero-day window allows no catch-up', () => {
    expect(isWithinCatchupWindow(now - 1000, 0, now)).toBe(false);
  });
});

describe('programmeActionLock', () => {
  const none = { liveAuthority: false, playBackAuthority: false };
  const all = { liveAuthority: true, playBackAuthority: true };
  it('marks Playing without live authority and Playback without playback authority', () => {
    expect(programmeActionLock('playing', { ...all, liveAuthority: false }, 'user')).toBe('purchase');
    expect(programmeActionLock('playback', { ...all, playBackAuthority: false }, 'user')).toBe('purchase');
    expect(programmeActionLock('playing', { ...all, playBackAuthority: false }, 'user')).toBe('none');
  });
  it('gives guests the lock and users the purchase mark', () => {
    expect(programmeActionLock('playback', none, 'guest')).toBe('lock');
    expect(programmeActionLock('playback', none, 'user')).toBe('purchase');
  });
  it('never marks reminders', () => {
    expect(programmeActionLock('subscribe', none, 'guest')).toBe('none');
  });
});

describe('ProgrammeRow', () => {
  const programme = { programId: 'p1', programme: 'Evening News', start: now, stop: now + 3_600_000 };
  const fmt = (ms: number) => new Date(ms).toISOString().slice(11, 16);

  it('shows name, start–stop time and status as data-state', () => {
    const { container } = render(
      <ProgrammeRow programme={{ ...programme, status: 'playing' }} action="playing" formatTime={fmt} />,
    );
    expect(screen.getByText('Evening News')).toBeTruthy();
    expect(screen.getByText('12:00 – 13:00')).toBeTruthy();
    expect((container.firstElementChild as HTMLElement).dataset.state).toBe('playing');
    expect(screen.getByRole('button', { name: 'Playing: Evening News' })).toBeTruthy();
  });

  it('labels each action and reports it with the programme id', () => {
    const onAction = vi.fn();
    const { rerender } = render(
      <ProgrammeRow
        programme={{ ...programme, status: 'notStart' }}
        action="subscribe"
        onAction={onAction}
      />,
    );
    const subscribe = screen.getByRole('button', { name: 'Subscribe: Evening News' });
    expect(subscribe.getAttribute('aria-pressed')).toBe('false');
    subscribe.click();
    expect(onAction).toHaveBeenLastCalledWith('p1', 'subscribe');
    rerender(
      <ProgrammeRow
        programme={{ ...programme, status: 'notStart' }}
        action="subscribed"
        onAction={onAction}
      />,
    );
    expect(
      screen.getByRole('button', { name: 'Subscribed: Evening News' }).getAttribute('aria-pressed'),
    ).toBe('true');
    rerender(
      <ProgrammeRow programme={{ ...programme, status: 'finished' }} action="playback" onAction={onAction} />,
    );
    screen.getByRole('button', { name: 'Playback: Evening News' }).click();
    expect(onAction).toHaveBeenLastCalledWith('p1', 'playback');
  });

  it('shows no button for none', () => {
    render(<ProgrammeRow programme={{ ...programme, status: 'finished' }} action="none" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('marks the button with the lock or purchase icon and says so', () => {
    const { rerender } = render(
      <ProgrammeRow programme={{ ...programme, status: 'finished' }} action="playback" lock="purchase" />,
    );
    const button = screen.getByRole('button', { name: 'Playback, Purchase required: Evening News' });
    expect(button.dataset.lock).toBe('purchase');
    expect(button.querySelector('svg')).toBeTruthy();
    rerender(<ProgrammeRow programme={{ ...programme, status: 'finished' }} action="playback" lock="lock" />);
    expect(screen.getByRole('button', { name: 'Playback, Locked: Evening News' }).dataset.lock).toBe('lock');
  });

  it('shows a note under the name, e.g. what of a past programme is recorded (issue 36)', () => {
    render(
      <ProgrammeRow
        programme={{ ...programme, status: 'finished' }}
        action="playback"
        note="Recorded from 3:31"
      />,
    );
    expect(screen.getByText('Recorded from 3:31')).toBeTruthy();
  });
});
