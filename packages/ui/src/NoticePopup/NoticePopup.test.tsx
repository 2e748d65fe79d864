// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_POPUP_WIDTH, NoticePopup } from './NoticePopup.tsx';

afterEach(cleanup);

describe('NoticePopup', () => {
  it('is 400 px wide and reports OK with the notice id', () => {
    const onOk = vi.fn();
    render(<NoticePopup open notice={{ id: 'n1', msg: 'Maintenance tonight.' }} onOk={onOk} />);
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    expect(NOTICE_POPUP_WIDTH).toBe(400);
    expect(dialog.style.getPropertyValue('--ok-dialog-width')).toBe('400px');
    expect(screen.getByText('Maintenance tonight.')).toBeTruthy();
    screen.getByRole('button', { name: 'OK' }).click();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOk).toHaveBeenCalledTimes(2);
    expect(onOk).toHaveBeenCalledWith('n1');
  });

  it('shows markup in the message as text and never runs it', () => {
    const msg = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    render(<NoticePopup open notice={{ id: 'n2', msg }} onOk={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(screen.getByText(msg)).toBeTruthy();
    expect(dialog.querySelector('img, b')).toBeNull();
  });
});
