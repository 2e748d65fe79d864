// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog.tsx';

afterEach(cleanup);

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        title="Notice"
        width={400}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={<button type="button">OK</button>}
      >
        <p>Body text</p>
        <a href="#terms">Terms of service</a>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Dialog open={false} title="Hidden" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title, described by its body, with its width', () => {
    render(
      <Dialog open title="Notice" width={400} onClose={() => {}}>
        <p>Body text</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(
      dialog.getAttribute('aria-describedby') &&
        document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('Body text');
    expect(dialog.style.getPropertyValue('--ok-dialog-width')).toBe('400px');
  });

  it('focuses the first control, wraps Tab both ways, and returns focus on close', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'open' });
    act(() => opener.focus());
    act(() => opener.click());
    const close = screen.getByRole('button', { name: 'Close' });
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(document.activeElement).toBe(close);
    act(() => ok.focus());
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
    act(() => ok.focus());
    fireEvent.keyDown(ok, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Escape, the close button and the backdrop', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Dialog open title="T" onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    screen.getByRole('button', { name: 'Close' }).click();
    (document.querySelector('[data-state="open"] > [aria-hidden="true"]') as HTMLElement).click();
    expect(onClose).toHaveBeenCalledTimes(3);
    rerender(<Dialog open title="T" onClose={onClose} closeOnBackdrop={false} showCloseButton={false} />);
    (document.querySelector('[data-state="open"] > [aria-hidden="true"]') as HTMLElement).click();
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('brings escaping focus back inside and locks page scroll while open', () => {
    render(
      <>
        <button type="button">behind</button>
        <Dialog open title="T" onClose={() => {}}>
          <button type="button">inside</button>
        </Dialog>
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    act(() => screen.getByRole('button', { name: 'behind', hidden: true }).focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
