// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEND_CODE_COUNTDOWN_SECONDS, SendCodeButton } from './SendCodeButton.tsx';

describe('SendCodeButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const button = () => screen.getByRole('button') as HTMLButtonElement;

  it('sends, counts down 60 s, then the button returns', async () => {
    expect(SEND_CODE_COUNTDOWN_SECONDS).toBe(60);
    const onSend = vi.fn();
    render(<SendCodeButton onSend={onSend} />);
    expect(button().textContent).toBe('Send code');
    await act(async () => button().click());
    expect(onSend).toHaveBeenCalledOnce();
    expect(button().dataset.state).toBe('counting');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Resend in 60 s');
    for (let i = 0; i < 59; i++) act(() => vi.advanceTimersByTime(1000));
    expect(button().textContent).toBe('Resend in 1 s');
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button().dataset.state).toBe('ready');
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Send code');
  });

  it('does not send twice while counting', async () => {
    const onSend = vi.fn();
    render(<SendCodeButton onSend={onSend} />);
    await act(async () => button().click());
    await act(async () => button().click());
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('comes back at once when sending fails or says false', async () => {
    const { rerender } = render(<SendCodeButton onSend={() => Promise.reject(new Error('network'))} />);
    await act(async () => button().click());
    expect(button().dataset.state).toBe('ready');
    rerender(<SendCodeButton onSend={() => false} />);
    await act(async () => button().click());
    expect(button().dataset.state).toBe('ready');
  });

  it('waits in sending until the promise settles', async () => {
    let resolve: () => void = () => {};
    render(<SendCodeButton onSend={() => new Promise<void>((r) => (resolve = r))} />);
    await act(async () => button().click());
    expect(button().dataset.state).toBe('sending');
    expect(button().disabled).toBe(true);
    await act(async () => resolve());
    expect(button().dataset.state).toBe('counting');
  });

  it('can be disabled', () => {
    render(<SendCodeButton onSend={() => {}} disabled />);
    expect(button().disabled).toBe(true);
  });
});
