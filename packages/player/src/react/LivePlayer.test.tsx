// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLoader } from '../core/fakes.test-helpers.ts';
import { LivePlayer } from './LivePlayer.tsx';

afterEach(cleanup);

const channel = { name: 'News One', number: 101, logoUrl: '/logo.png' };

async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

describe('LivePlayer', () => {
  it('loads the src into the video and mirrors the core state in data-state', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { log, loader } = fakeLoader();
    const { container } = render(
      <LivePlayer src="https://o/live/1.m3u8" channel={channel} loadEngine={loader} />,
    );
    await settle();
    expect(log.loads[0]?.src).toBe('https://o/live/1.m3u8');
    const video = container.querySelector('video');
    expect(video?.dataset.state).toBe('loading');
    await act(async () => {
      video?.dispatchEvent(new Event('playing'));
    });
    expect(video?.dataset.state).toBe('playing');
    expect(screen.getByRole('region', { name: 'Video player: News One' })).toBeTruthy();
    expect(screen.getByText('101')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('a new src is a channel change: the core reloads', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { log, loader } = fakeLoader();
    const { rerender } = render(<LivePlayer src="a.m3u8" channel={channel} loadEngine={loader} />);
    await settle();
    rerender(<LivePlayer src="b.m3u8" channel={channel} loadEngine={loader} />);
    await settle();
    expect(log.loads.map((l) => l.src)).toEqual(['a.m3u8', 'b.m3u8']);
  });

  it('reports fatal errors through onError and shows the error display', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { log, loader } = fakeLoader();
    const onError = vi.fn();
    render(<LivePlayer src="a.m3u8" channel={channel} loadEngine={loader} onError={onError} />);
    await settle();
    await act(async () => log.events?.fatal('bufferAppendError', 'bufferAppendError', 'media'));
    expect(onError).toHaveBeenCalledWith({
      code: 'bufferAppendError',
      message: 'bufferAppendError',
      kind: 'media',
    });
    // Words and an action, never the engine's code (issue 36).
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This video could not be played.');
    expect(alert.textContent).not.toContain('bufferAppendError');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says a live channel whose stream fails is not available, with Retry, instead of a code', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { log, loader } = fakeLoader();
    render(<LivePlayer src="a.m3u8" channel={channel} loadEngine={loader} />);
    await settle();
    await act(async () => log.events?.fatal('levelLoadError', 'levelLoadError (HTTP 404)', 'network'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This channel is not available right now');
    expect(alert.textContent).not.toContain('levelLoadError');
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  it('hides Favorite in broadcast mode and reports toggles as a callback', async () => {
    const onFavoriteToggle = vi.fn();
    const { rerender } = render(
      <LivePlayer channel={channel} favorite={false} onFavoriteToggle={onFavoriteToggle} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Favorite' }));
    expect(onFavoriteToggle).toHaveBeenCalledWith(true);
    rerender(<LivePlayer channel={channel} broadcast onFavoriteToggle={onFavoriteToggle} />);
    expect(screen.queryByRole('button', { name: 'Favorite' })).toBeNull();
  });

  it('takes its texts from the messages prop', () => {
    render(<LivePlayer channel={channel} messages={{ player: 'Reproductor' }} />);
    expect(screen.getByRole('region', { name: 'Reproductor: News One' })).toBeTruthy();
  });

  it('delivers telemetry to the host sink when a channel session ends', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { loader } = fakeLoader();
    const telemetry = vi.fn();
    const ch = { ...channel, id: 'lc-1' };
    const { rerender } = render(
      <LivePlayer src="a.m3u8" channel={ch} loadEngine={loader} telemetry={telemetry} />,
    );
    await settle();
    rerender(<LivePlayer src="b.m3u8" channel={ch} loadEngine={loader} telemetry={telemetry} />);
    await settle();
    const types = telemetry.mock.calls.map(([e]) => e.type);
    expect(types).toEqual(['livePlayData', 'streamSla']);
    expect(telemetry.mock.calls[1]?.[0]).toMatchObject({ sourceId: 'lc-1', mode: 'live', startupMs: null });
  });

  it('reports the channel-change time from the zap to the first frame, once per zap', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const { loader } = fakeLoader();
    const telemetry = vi.fn();
    const ch = { ...channel, id: 'lc-1' };
    const zapAt = Date.now() - 250;
    const props = { channel: ch, loadEngine: loader, telemetry };
    const { rerender, container } = render(<LivePlayer src="a.m3u8" {...props} zapStartedAt={zapAt} />);
    await settle();
    await act(async () => {
      container.querySelector('video')?.dispatchEvent(new Event('playing'));
    });
    // The same zap time with a new src (a reload of the same channel) is not a channel change again.
    rerender(<LivePlayer src="b.m3u8" {...props} zapStartedAt={zapAt} />);
    await settle();
    await act(async () => {
      container.querySelector('video')?.dispatchEvent(new Event('playing'));
    });
    rerender(<LivePlayer src="c.m3u8" {...props} zapStartedAt={zapAt} />);
    await settle();
    const slas = telemetry.mock.calls.map(([e]) => e).filter((e) => e.type === 'streamSla');
    expect(slas).toHaveLength(2);
    expect(slas[0].zapMs).toBeGreaterThanOrEqual(250);
    expect(slas[0].zapMs).toBeGreaterThanOrEqual(slas[0].startupMs);
    expect(slas[1]).not.toHaveProperty('zapMs');
  });

  it('pauses the current channel while the next one has no src yet', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { loader } = fakeLoader();
    const { rerender, container } = render(<LivePlayer src="a.m3u8" channel={channel} loadEngine={loader} />);
    await settle();
    const before = pause.mock.calls.length;
    rerender(<LivePlayer src={undefined} channel={{ ...channel, name: 'Next' }} loadEngine={loader} />);
    await settle();
    expect(pause.mock.calls.length).toBeGreaterThan(before);
    expect(container.querySelector('video')?.dataset.state).toBe('idle');
  });

  it('offers the delay setting and a statistics overlay with the mode and the delay to the source (issue 41)', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    localStorage.clear();
    const stats = () => ({
      lowLatency: true,
      partsOffered: true,
      latencyMs: 1750,
      targetLatencyMs: 1200,
      bitrate: 2_400_000,
      height: 720,
    });
    const { loader } = fakeLoader(null, { stats });
    const { container } = render(<LivePlayer src="a.m3u8" channel={channel} loadEngine={loader} />);
    await settle();
    await act(async () => {
      container.querySelector('video')?.dispatchEvent(new Event('playing'));
    });
    const menu = screen.getByRole('combobox', { name: 'Delay' }) as HTMLSelectElement;
    expect(menu.value).toBe('lowest');
    expect([...menu.options].map((o) => o.text)).toEqual(['Lowest delay', 'Most stable']);
    const button = screen.getByRole('button', { name: 'Statistics' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Statistics' });
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    const row = (key: string) => panel.querySelector<HTMLElement>(`[data-stat="${key}"]`);
    expect(row('mode')?.dataset.state).toBe('low-latency');
    expect(row('mode')?.textContent).toContain('Low latency');
    expect(row('latency')?.dataset.ms).toBe('1750');
    expect(row('latency')?.textContent).toContain('1.8 s');
    expect(row('rendition')?.textContent).toContain('720p · 2.4 Mb/s');
    fireEvent.change(menu, { target: { value: 'stable' } });
    expect(menu.value).toBe('stable');
    expect(localStorage.getItem('ottkit.player.latency')).toBe('stable');
  });
});
