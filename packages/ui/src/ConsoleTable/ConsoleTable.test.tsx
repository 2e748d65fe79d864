// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleTable, type ConsoleTableColumn, type ConsoleTableProps } from './ConsoleTable.tsx';

afterEach(cleanup);

type Staff = { id: string; email: string; active: boolean };
const rows: Staff[] = [
  { id: 'o1', email: 'ana@example.com', active: true },
  { id: 'o2', email: 'bo@example.com', active: false },
];
const columns: ConsoleTableColumn<Staff>[] = [
  { header: 'Email', rowHeader: true, cell: (o) => o.email },
  { header: 'State', cell: (o) => (o.active ? 'Active' : 'Disabled') },
];

/** The staff table with `props` over the defaults. */
const staffTable = (props: Partial<ConsoleTableProps<Staff>> = {}) => (
  <ConsoleTable label="Staff" columns={columns} rows={rows} rowKey={(o) => o.id} empty="None" {...props} />
);

describe('ConsoleTable', () => {
  it('is a named table with column headers, a row header and a cell per column', () => {
    render(staffTable());
    const table = screen.getByRole('table', { name: 'Staff' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Email', 'State']);
    const row = within(table).getByRole('row', { name: /bo@example.com/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('bo@example.com');
    expect(within(row).getByRole('cell').textContent).toBe('Disabled');
  });

  it('draws each row’s actions as named buttons and links in a last column with a header for screen readers', () => {
    const edit = vi.fn();
    render(
      staffTable({
        actionsHeader: 'Actions',
        actions: (o, i) => [
          { label: `Edit ${o.email}`, text: '✎', onClick: () => edit(o.id), id: `edit-${o.id}` },
          i === 0 && { label: `Delete ${o.email}`, text: '✕', disabled: true },
          { label: 'Sources', href: `/admin/live?o=${o.id}` },
        ],
      }),
    );
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('Actions');
    fireEvent.click(screen.getByRole('button', { name: 'Edit bo@example.com' }));
    expect(edit).toHaveBeenCalledWith('o2');
    expect(screen.getByRole('button', { name: 'Edit ana@example.com' }).id).toBe('edit-o1');
    expect(
      (screen.getByRole('button', { name: 'Delete ana@example.com' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    // A falsy action is left out.
    expect(screen.queryByRole('button', { name: 'Delete bo@example.com' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Sources' })[1]?.getAttribute('href')).toBe(
      '/admin/live?o=o2',
    );
  });

  it('shows the empty state instead of a table without rows, and a named spinner while rows load', () => {
    const { rerender } = render(staffTable({ rows: [], empty: 'No staff yet' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No staff yet').dataset.state).toBe('empty');
    rerender(staffTable({ rows: undefined, empty: 'No staff yet', loading: 'Loading staff' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading staff');
    expect(screen.getByRole('status').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
  });

  it('takes its name from a heading and passes data attributes to rows', () => {
    render(
      <>
        <h2 id="t">Line-up</h2>
        {staffTable({
          label: undefined,
          labelledBy: 't',
          testId: 'lineup',
          rowData: (o) => ({ 'data-id': o.id }),
        })}
      </>,
    );
    const table = screen.getByRole('table', { name: 'Line-up' });
    expect(table.dataset.testid).toBe('lineup');
    expect([...table.querySelectorAll('tbody tr')].map((r) => (r as HTMLElement).dataset.id)).toEqual([
      'o1',
      'o2',
    ]);
  });
});
