// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesProvider } from '../messages/index.ts';
import { EmptyTip } from './EmptyTip.tsx';

afterEach(cleanup);

describe('EmptyTip', () => {
  it('says "This list is empty" by default', () => {
    render(<EmptyTip />);
    expect(screen.getByText('This list is empty')).toBeTruthy();
  });
  it('shows the given text and children', () => {
    render(
      <EmptyTip text="No favourites yet">
        <a href="/home">Browse</a>
      </EmptyTip>,
    );
    expect(screen.getByText('No favourites yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse' })).toBeTruthy();
  });
  it('uses the site translation of the default', () => {
    render(
      <MessagesProvider messages={{ emptyList: 'Esta lista está vacía' }}>
        <EmptyTip />
      </MessagesProvider>,
    );
    expect(screen.getByText('Esta lista está vacía')).toBeTruthy();
  });
});
