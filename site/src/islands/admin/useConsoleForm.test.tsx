// @vitest-environment jsdom
import { sourceAdd } from '@ottkit/api-client/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useConsoleForm } from './useConsoleForm.ts';

afterEach(cleanup);

/** Two fields checked against the call that adds a source, bound as the console's screens bind them. */
function Form() {
  const form = useConsoleForm({ name: '', address: '' });
  const name = form.bind('name');
  // The form's `address` is the call's `url`: its error is found, and cleared, under the call's name.
  const url = form.bind('address', 'url');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.check(sourceAdd, { name: form.values.name, kind: 'm3u', url: form.values.address });
      }}
    >
      <input aria-label="Name" value={name.value} onChange={name.onChange} />
      <span data-testid="name-error">{name.error ?? ''}</span>
      <input aria-label="Address" value={url.value} onChange={url.onChange} />
      <span data-testid="url-error">{url.error ?? ''}</span>
      <button type="submit">Add</button>
    </form>
  );
}

describe('a console form field refused, then corrected', () => {
  it('drops that field’s error as soon as it is changed, and keeps the others until the next submit', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('name-error').textContent).not.toBe('');
    expect(screen.getByTestId('url-error').textContent).not.toBe('');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Coast' } });
    expect(screen.getByTestId('name-error').textContent).toBe('');
    // The other field's error stays until that field is changed, or the form is sent again.
    expect(screen.getByTestId('url-error').textContent).not.toBe('');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'http://example.com/a.m3u' } });
    expect(screen.getByTestId('url-error').textContent).toBe('');
  });
});
