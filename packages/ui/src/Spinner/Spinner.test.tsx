// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesProvider } from '../messages/index.ts';
import { Spinner } from './Spinner.tsx';

afterEach(cleanup);

describe('Spinner', () => {
  it('is a polite status named by the loading message', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading');
    expect(status.dataset.state).toBe('loading');
    expect(status.dataset.size).toBe('md');
  });
  it('takes a label and a size', () => {
    render(<Spinner label="Loading channels" size="lg" />);
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Loading channels');
    expect(screen.getByRole('status').dataset.size).toBe('lg');
  });
  it('uses the site translation', () => {
    render(
      <MessagesProvider messages={{ loading: 'Cargando' }}>
        <Spinner />
      </MessagesProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Cargando');
  });
});
