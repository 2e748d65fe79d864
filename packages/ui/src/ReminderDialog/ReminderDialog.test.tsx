// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Reminder, ReminderDialog } from './ReminderDialog.tsx';

afterEach(cleanup);

const start = Date.UTC(2026, 10, 22, 20, 0);
const reminders: Reminder[] = [
  {
    programId: 'p1',
    logicalChannelId: 'lc1',
    programme: 'Cup Final',
    channelName: 'Sport Max',
    iconUrl: 'logo.svg',
    start,
    stop: start + 7_200_000,
  },
  {
    programId: 'p2',
    logicalChannelId: 'lc2',
    programme: 'Late News',
    channelName: 'News 24',
    iconUrl: 'n.svg',
    start: start + 60_000,
    stop: start + 1_800_000,
  },
];
const utc = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe('ReminderDialog', () => {
  it('shows the channel logo at 150 px, the channel, the programme and its start', () => {
    render(
      <ReminderDialog
        open
        reminders={reminders}
        onWatchNow={() => {}}
        onIgnore={() => {}}
        formatTime={utc}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Programme reminder' });
    const logo = dialog.querySelector('img');
    expect(logo?.getAttribute('width')).toBe('150');
    expect(logo?.getAttribute('src')).toBe('logo.svg');
    expect(screen.getByText('Sport Max')).toBeTruthy();
    expect(screen.getByText('Cup Final')).toBeTruthy();
    expect(screen.getByText('Starts at 20:00')).toBeTruthy();
    expect(screen.getByText('20:01 News 24 · Late News')).toBeTruthy();
  });

  it('Watch now takes the first reminder; Ignore and Escape hand back all shown', () => {
    const onWatchNow = vi.fn();
    const onIgnore = vi.fn();
    render(<ReminderDialog open reminders={reminders} onWatchNow={onWatchNow} onIgnore={onIgnore} />);
    screen.getByRole('button', { name: 'Watch now' }).click();
    expect(onWatchNow).toHaveBeenCalledWith(reminders[0]);
    screen.getByRole('button', { name: 'Ignore' }).click();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onIgnore).toHaveBeenCalledTimes(2);
    expect(onIgnore).toHaveBeenLastCalledWith(reminders);
  });

  it('renders nothing without reminders', () => {
    render(<ReminderDialog open reminders={[]} onWatchNow={() => {}} onIgnore={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
