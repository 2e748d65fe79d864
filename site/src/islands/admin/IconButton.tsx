import type { ConsoleTableAction } from '@ottkit/ui';
import type { ButtonHTMLAttributes } from 'react';
import type { AdminT } from '../../i18n/admin.ts';

/** A small secondary button showing a glyph, named for screen readers by `label` (move, edit, delete). */
export function IconButton({
  label,
  ...button
}: { label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="console-button secondary" aria-label={label} {...button} />;
}

interface MoveProps {
  t: AdminT;
  name: string;
  idOf: (direction: 'up' | 'down') => string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
}

/**
 * Move up / move down of one row (a channel, a category): buttons rather than drag, so a keyboard and a tablet
 * reorder the same way. `idOf` names each button so the focus can return to it after the move. As a table's row
 * actions (`ConsoleTable`), or drawn by `MoveButtons` in a list.
 */
export function moveActions({ t, name, idOf, first, last, busy, onMove }: MoveProps): ConsoleTableAction[] {
  return (['up', 'down'] as const).map((d) => ({
    id: idOf(d),
    label: t(d === 'up' ? 'admin.moveUp' : 'admin.moveDown', { name }),
    text: d === 'up' ? '↑' : '↓',
    disabled: busy || (d === 'up' ? first : last),
    onClick: () => onMove(d),
  }));
}

export function MoveButtons(props: MoveProps) {
  return (
    <>
      {moveActions(props).map(({ id, label, text, disabled, onClick }) => (
        <IconButton key={id} id={id} label={label} disabled={disabled} onClick={onClick}>
          {text}
        </IconButton>
      ))}
    </>
  );
}

/** Moves the focus to `id` on the next frame (a form that just opened). */
export const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
