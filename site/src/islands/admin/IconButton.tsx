import type { ButtonHTMLAttributes } from 'react';
import type { AdminT } from '../../i18n/admin.ts';

/** A small secondary button showing a glyph, named for screen readers by `label` (move, edit, delete). */
export function IconButton({
  label,
  ...button
}: { label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type="button" className="console-button secondary" aria-label={label} {...button} />;
}

/**
 * Move up / move down of one row (a channel, a category): buttons rather than drag, so a keyboard and a tablet
 * reorder the same way. `idOf` names each button so the focus can return to it after the move.
 */
export function MoveButtons({
  t,
  name,
  idOf,
  first,
  last,
  busy,
  onMove,
}: {
  t: AdminT;
  name: string;
  idOf: (direction: 'up' | 'down') => string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  return (
    <>
      <IconButton
        id={idOf('up')}
        label={t('admin.moveUp', { name })}
        disabled={busy || first}
        onClick={() => onMove('up')}
      >
        ↑
      </IconButton>
      <IconButton
        id={idOf('down')}
        label={t('admin.moveDown', { name })}
        disabled={busy || last}
        onClick={() => onMove('down')}
      >
        ↓
      </IconButton>
    </>
  );
}

/** Moves the focus to `id` on the next frame (a form that just opened). */
export const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());
