// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleChannel } from '../fixtures/fixtures.ts';
import { MessagesProvider } from '../messages/index.ts';
import { ChannelRow, channelRowPlayback } from './ChannelRow.tsx';

afterEach(cleanup);

function rowOf(container: HTMLElement): HTMLElement {
  return container.firstElementChild as HTMLElement;
}

describe('channelRowPlayback', () => {
  it('shows no playback icon without a guide id', () => {
    expect(channelRowPlayback({ epgId: '', playBackAuthority: true })).toBe('none');
  });
  it('shows the playback icon with a guide id and playback authority', () => {
    expect(channelRowPlayback({ epgId: 'e1', playBackAuthority: true })).toBe('available');
  });
  it('shows the other icon with a guide id but no playback authority', () => {
    expect(channelRowPlayback({ epgId: 'e1', playBackAuthority: false })).toBe('locked');
  });
});

describe('ChannelRow', () => {
  it('shows number, name and logo and is idle by default', () => {
    const { container } = render(<ChannelRow channel={sampleChannel} />);
    expect(rowOf(container).dataset.state).toBe('idle');
    expect(screen.getByText('101')).toBeTruthy();
    expect(screen.getByText('Ottkit News 24')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(sampleChannel.iconUrl);
  });

  it('is active with the current programme only when active', () => {
    const { container, rerender } = render(
      <ChannelRow channel={sampleChannel} currentProgramme="Morning Briefing" />,
    );
    expect(screen.queryByText('Morning Briefing')).toBeNull();
    rerender(<ChannelRow channel={sampleChannel} currentProgramme="Morning Briefing" active />);
    expect(rowOf(container).dataset.state).toBe('active');
    expect(screen.getByText('Morning Briefing')).toBeTruthy();
    const select = screen.getByRole('button', { name: /^Ottkit News 24/ });
    expect(select.getAttribute('aria-current')).toBe('true');
    expect(select.textContent).toContain('Now: Morning Briefing');
  });

  it('keeps a status in place of the programme still, and a title scrolling', () => {
    const { rerender } = render(
      <ChannelRow channel={sampleChannel} currentProgramme="World Report" active />,
    );
    expect(screen.getByText('World Report').parentElement?.dataset.still).toBeUndefined();
    rerender(
      <ChannelRow channel={sampleChannel} currentProgramme="Not available" currentProgrammeStill active />,
    );
    expect(screen.getByText('Not available').parentElement?.dataset.still).toBe('true');
    expect(screen.getByRole('button', { name: /^Ottkit News 24/ }).textContent).toContain(
      'Now: Not available',
    );
  });

  it('shows a lock only without live authority', () => {
    const { rerender } = render(<ChannelRow channel={sampleChannel} />);
    expect(screen.queryByTestId('channel-lock')).toBeNull();
    rerender(<ChannelRow channel={{ ...sampleChannel, liveAuthority: false }} />);
    expect(screen.getByTestId('channel-lock')).toBeTruthy();
    expect(screen.getByRole('button', { name: /no live authority/ })).toBeTruthy();
  });

  it('marks the playback icon by authority', () => {
    const { container, rerender } = render(<ChannelRow channel={sampleChannel} />);
    expect(rowOf(container).dataset.playback).toBe('available');
    expect(screen.getByTestId('channel-playback').textContent).toBe('Catch-up available');
    rerender(<ChannelRow channel={{ ...sampleChannel, playBackAuthority: false }} />);
    expect(rowOf(container).dataset.playback).toBe('locked');
    rerender(<ChannelRow channel={{ ...sampleChannel, epgId: '' }} />);
    expect(screen.queryByTestId('channel-playback')).toBeNull();
  });

  it('calls onSelect with the logical channel id (click or keyboard activation of a native button)', () => {
    const onSelect = vi.fn();
    render(<ChannelRow channel={sampleChannel} onSelect={onSelect} />);
    const select = screen.getByRole('button', { name: /^Ottkit News 24/ });
    expect(select.tagName).toBe('BUTTON');
    select.click();
    expect(onSelect).toHaveBeenCalledWith('lc-101');
  });

  it('asks to toggle the favourite with the next state', () => {
    const onToggleFavorite = vi.fn();
    const { rerender } = render(<ChannelRow channel={sampleChannel} onToggleFavorite={onToggleFavorite} />);
    const heart = screen.getByRole('button', { name: 'Favorite Ottkit News 24' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    heart.click();
    expect(onToggleFavorite).toHaveBeenLastCalledWith('lc-101', true);
    rerender(
      <ChannelRow channel={{ ...sampleChannel, isFavorite: true }} onToggleFavorite={onToggleFavorite} />,
    );
    const filled = screen.getByRole('button', { name: 'Remove Ottkit News 24 from favorites' });
    expect(filled.getAttribute('aria-pressed')).toBe('true');
    filled.click();
    expect(onToggleFavorite).toHaveBeenLastCalledWith('lc-101', false);
  });

  it('takes its texts from the messages context', () => {
    render(
      <MessagesProvider messages={{ favoriteAdd: 'Favorito {channel}' }}>
        <ChannelRow channel={sampleChannel} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('button', { name: 'Favorito Ottkit News 24' })).toBeTruthy();
  });
});
