// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLoader } from '../core/fakes.test-helpers.ts';
import { CatchupPlayerDialog } from './CatchupPlayerDialog.tsx';
import { VodPlayerDialog } from './VodPlayerDialog.tsx';

afterEach(cleanup);
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});

async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

const fire = (type: string) =>
  act(async () => {
    document.querySelector('video')?.dispatchEvent(new Event(type));
  });

const channel = { name: 'Sports', number: 7, id: 'lc7' };
const programme = { title: 'Final', start: Date.UTC(2026, 0, 1, 10), stop: Date.UTC(2026, 0, 1, 12) };

describe('CatchupPlayerDialog', () => {
  it('is a full-screen dialog with a back arrow and Esc that close it', async () => {
    const onClose = vi.fn();
    const { loader } = fakeLoader();
    render(
      <CatchupPlayerDialog
        src="c.m3u8"
        channel={channel}
        programme={programme}
        onClose={onClose}
        loadEngine={loader}
      />,
    );
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Video player: Sports — Final' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers speeds 0.5, 1, 1.5 and 2 and applies the choice to the video', async () => {
    const { loader } = fakeLoader();
    render(
      <CatchupPlayerDialog
        src="c.m3u8"
        channel={channel}
        programme={programme}
        onClose={() => {}}
        loadEngine={loader}
      />,
    );
    await settle();
    const speed = screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement;
    expect([...speed.options].map((o) => o.value)).toEqual(['0.5', '1', '1.5', '2']);
    fireEvent.change(speed, { target: { value: '1.5' } });
    expect(document.querySelector('video')?.playbackRate).toBe(1.5);
  });

  it('emits auto-next-programme when the programme ends', async () => {
    const onAutoNextProgramme = vi.fn();
    const { loader } = fakeLoader();
    render(
      <CatchupPlayerDialog
        src="c.m3u8"
        channel={channel}
        programme={programme}
        onClose={() => {}}
        onAutoNextProgramme={onAutoNextProgramme}
        loadEngine={loader}
      />,
    );
    await settle();
    await fire('playing');
    await fire('ended');
    expect(onAutoNextProgramme).toHaveBeenCalledTimes(1);
  });

  it('losing playback authority pauses and disables the controls', async () => {
    const { loader } = fakeLoader();
    const props = { src: 'c.m3u8', channel, programme, onClose: () => {}, loadEngine: loader };
    const { rerender } = render(<CatchupPlayerDialog {...props} />);
    await settle();
    await fire('playing');
    rerender(<CatchupPlayerDialog {...props} playbackAuthority={false} />);
    await settle();
    expect(screen.getByRole('dialog').dataset.disabled).toBe('true');
    expect((screen.getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement).disabled).toBe(true);
  });
});

describe('VodPlayerDialog', () => {
  const next = { metaId: 'e2', episode: 2, title: 'Two' };
  const episodes = [{ metaId: 'e1', episode: 1, title: 'One' }, next];

  it('ending plays next when a next episode exists; Play next and the episode selector call back', async () => {
    const onPlayNext = vi.fn();
    const onEpisodeSelect = vi.fn();
    const { loader } = fakeLoader();
    render(
      <VodPlayerDialog
        src="v.m3u8"
        title="Show S1E1"
        episodes={episodes}
        currentEpisode="e1"
        onEpisodeSelect={onEpisodeSelect}
        next={next}
        onPlayNext={onPlayNext}
        onClose={() => {}}
        loadEngine={loader}
      />,
    );
    await settle();
    await fire('playing');
    await fire('ended');
    expect(onPlayNext).toHaveBeenCalledWith(next);
    fireEvent.click(screen.getByRole('button', { name: 'Play next' }));
    expect(onPlayNext).toHaveBeenCalledTimes(2);
    fireEvent.change(screen.getByRole('combobox', { name: 'Episodes' }), { target: { value: 'e2' } });
    expect(onEpisodeSelect).toHaveBeenCalledWith('e2');
  });

  it('without a next episode, ending plays nothing and there is no Play next', async () => {
    const { loader } = fakeLoader();
    render(<VodPlayerDialog src="v.m3u8" title="Film" onClose={() => {}} loadEngine={loader} />);
    await settle();
    expect(screen.queryByRole('button', { name: 'Play next' })).toBeNull();
  });

  it('picture-in-picture hides the dialog and shows the floating-window message', async () => {
    const { loader } = fakeLoader();
    render(<VodPlayerDialog src="v.m3u8" title="Film" onClose={() => {}} loadEngine={loader} />);
    await settle();
    await fire('enterpictureinpicture');
    expect(screen.getByRole('dialog', { hidden: true }).dataset.pip).toBe('true');
    expect(screen.getByText('Playing in floating window').getAttribute('role')).toBe('status');
  });

  it('sends the last progress report on tab close and when closed', async () => {
    const onProgress = vi.fn();
    const { loader } = fakeLoader();
    const { unmount } = render(
      <VodPlayerDialog
        src="v.m3u8"
        title="Film"
        meta={{ metaId: 'm9' }}
        onProgress={onProgress}
        onClose={() => {}}
        loadEngine={loader}
      />,
    );
    await settle();
    await fire('playing');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onProgress).toHaveBeenLastCalledWith(expect.objectContaining({ metaId: 'm9', final: true }));
    onProgress.mockClear();
    unmount();
    expect(onProgress).toHaveBeenCalledWith(expect.objectContaining({ metaId: 'm9', final: true }));
  });

  it('Back sends the last report with the position now, before the host hears of the close', async () => {
    const calls: string[] = [];
    const { loader } = fakeLoader();
    render(
      <VodPlayerDialog
        src="v.m3u8"
        title="Film"
        meta={{ metaId: 'm9' }}
        onProgress={(r) => calls.push(`progress ${r.playedTime} ${r.final}`)}
        onClose={() => calls.push('close')}
        loadEngine={loader}
      />,
    );
    await settle();
    await fire('playing');
    const video = document.querySelector('video') as HTMLVideoElement;
    Object.defineProperty(video, 'currentTime', { value: 92.4, configurable: true });
    await fire('timeupdate');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(calls).toEqual(['progress 92 true', 'close']);
  });

  it('gives focus back to what opened it when it closes', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { loader } = fakeLoader();
    const { unmount } = render(
      <VodPlayerDialog src="v.m3u8" title="Film" onClose={() => {}} loadEngine={loader} />,
    );
    await settle();
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
