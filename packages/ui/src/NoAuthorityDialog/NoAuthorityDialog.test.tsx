// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoAuthorityDialog } from './NoAuthorityDialog.tsx';

afterEach(cleanup);

describe('NoAuthorityDialog', () => {
  it('asks a guest to log in with the spec text and a Login/Sign up button', () => {
    const onLogin = vi.fn();
    render(<NoAuthorityDialog open viewer="guest" onLogin={onLogin} onClose={() => {}} />);
    expect(
      screen.getByText('After logging in, you can explore more video content and get more permissions!'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Purchase' })).toBeNull();
    screen.getByRole('button', { name: 'Login/Sign up' }).click();
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('offers a user the purchase', () => {
    const onPurchase = vi.fn();
    render(<NoAuthorityDialog open viewer="user" onPurchase={onPurchase} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'No permission' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login/Sign up' })).toBeNull();
    screen.getByRole('button', { name: 'Purchase' }).click();
    expect(onPurchase).toHaveBeenCalledOnce();
  });

  it('closes from its Close buttons', () => {
    const onClose = vi.fn();
    render(<NoAuthorityDialog open viewer="user" onClose={onClose} />);
    for (const button of screen.getAllByRole('button', { name: 'Close' })) button.click();
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
