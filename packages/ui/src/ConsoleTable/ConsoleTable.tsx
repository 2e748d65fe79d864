import { type ReactNode, useEffect, useRef, useState } from 'react';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import styles from './ConsoleTable.module.css';

/** One column: its header and how a row fills its cell. */
export interface ConsoleTableColumn<Row> {
  /** The column's header (also its key, so unique in the table). */
  header: string;
  /** The header is read by screen readers but not drawn (a column of buttons whose names say it all). */
  hideHeader?: boolean;
  /** This column names the row (`<th scope="row">`): screen readers say it before every other cell. */
  rowHeader?: boolean;
  cell: (row: Row, index: number) => ReactNode;
}

/** A row's button (or link, with `href`): `label` is its accessible name, `text` what it shows (a glyph). */
export interface ConsoleTableAction {
  label: string;
  text?: ReactNode;
  onClick?: () => void;
  href?: string;
  disabled?: boolean;
  /** So the focus can be put back on it after the row moved or was read again. */
  id?: string;
}

export interface ConsoleTableProps<Row> {
  /** The table's accessible name: a caption kept for screen readers. Or `labelledBy`, the id of a heading. */
  label?: string;
  labelledBy?: string;
  columns: ConsoleTableColumn<Row>[];
  /** The rows; `undefined` while they load (a spinner with `loading` is shown, the region `aria-busy`). */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Attributes of each row's `<tr>` (`data-*`, for tests and styles). */
  rowData?: (row: Row) => Record<`data-${string}`, string | undefined>;
  /** Each row's actions, in a last column headed `actionsHeader`; falsy entries are left out. */
  actions?: (row: Row, index: number) => (ConsoleTableAction | false | null | undefined)[];
  actionsHeader?: string;
  /** What stands in place of the table when there are no rows. */
  empty: ReactNode;
  /** The loading spinner's words. */
  loading?: string;
  testId?: string;
  /** Drawn for screen readers only (a chart's figures under its canvas). */
  visuallyHidden?: boolean;
}

/**
 * True while the table is wider than its box: it then scrolls sideways and takes the focus. Measured again when
 * the table appears (after loading, or after being empty) and whenever the box or the table changes size.
 */
function useOverflows(shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [shown]);
  return [ref, overflows] as const;
}

function Action({ action }: { action: ConsoleTableAction }) {
  const { label, text, onClick, href, disabled, id } = action;
  // The visible text stands for the name when they are the same; else the name goes to assistive technology.
  const named = text === undefined || text === label ? {} : { 'aria-label': label };
  if (href)
    return (
      <a id={id} className={styles.action} data-kind="link" href={href} {...named}>
        {text ?? label}
      </a>
    );
  return (
    <button type="button" id={id} className={styles.action} disabled={disabled} onClick={onClick} {...named}>
      {text ?? label}
    </button>
  );
}

/**
 * The operator console's table: columns, rows, row actions, an empty state and a loading state in one place
 * (decision 0325). Headers are `<th scope="col">`, a row-header column `<th scope="row">`, every action a named
 * button or link; a table wider than its box scrolls sideways inside a named group that takes the keyboard focus.
 *
 * @example <ConsoleTable label="Staff" columns={cols} rows={staff} rowKey={(o) => o.id} empty="No staff" />
 */
export function ConsoleTable<Row>({
  label,
  labelledBy,
  columns,
  rows,
  rowKey,
  rowData,
  actions,
  actionsHeader,
  empty,
  loading,
  testId,
  visuallyHidden,
}: ConsoleTableProps<Row>) {
  const [ref, overflows] = useOverflows(rows !== undefined && rows.length > 0);
  if (rows === undefined)
    return (
      <div className={visuallyHidden ? styles.hidden : styles.state} data-state="loading" aria-busy="true">
        <Spinner size="sm" label={loading} />
      </div>
    );
  if (rows.length === 0)
    return (
      <p className={visuallyHidden ? styles.hidden : styles.state} data-state="empty">
        {empty}
      </p>
    );
  const name = labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label };
  return (
    <div
      ref={ref}
      className={visuallyHidden ? styles.hidden : styles.wrap}
      data-state="ready"
      // Only a table that scrolls is a stop of its own: the arrow keys then scroll it. A named group, not a
      // region: the card around it is already the landmark of that name.
      {...(overflows && !visuallyHidden ? { role: 'group', tabIndex: 0, ...name } : {})}
    >
      <table className={styles.table} data-testid={testId} {...(labelledBy ? name : {})}>
        {label && !labelledBy && (
          <caption>
            <VisuallyHidden>{label}</VisuallyHidden>
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.hideHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <VisuallyHidden>{actionsHeader}</VisuallyHidden>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row)} {...rowData?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th scope="row" key={c.header}>
                    {c.cell(row, i)}
                  </th>
                ) : (
                  <td key={c.header}>{c.cell(row, i)}</td>
                ),
              )}
              {actions && (
                <td>
                  <div className={styles.actions}>
                    {actions(row, i).map((a) => a && <Action key={a.id ?? a.label} action={a} />)}
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
