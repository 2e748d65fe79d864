import type { LiveChannelView } from '@ottkit/api-client/contract';
import { type DragEvent, type KeyboardEvent, useRef, useState } from 'react';
import type { AdminT } from '../../i18n/admin.ts';
import { useFocusAfter } from './useFocusAfter.ts';

type Source = LiveChannelView['sources'][number];

/** The row a drag is over, from whatever element inside it the pointer is on. */
const rowPosition = (e: DragEvent) => {
  const row = (e.target as Element).closest?.('tr[data-position]');
  return row ? Number(row.getAttribute('data-position')) : undefined;
};

/**
 * A channel's sources reordered on its card (issue 37, decision 0387): each row's handle is dragged onto another
 * row (HTML drag and drop; the rows are found by their `data-position`), or moved a row with the up and down
 * arrows; the focus stays on the moved source's handle at its new row. `drop` goes on the element around the
 * table, `over` marks the row a drag would land on, `move` is the one way every reorder (Make primary too) goes.
 */
export function useSourceOrder({
  c,
  t,
  idPrefix,
  busy,
  onMove,
}: {
  c: LiveChannelView;
  t: AdminT;
  idPrefix: string;
  busy: boolean;
  onMove: (from: number, to: number) => void;
}) {
  // The source being dragged, read by the drop events at once: a ref, since the first dragover may come before a
  // render with a state set at dragstart; the drop also reads it from the drag's data.
  const dragged = useRef<number | undefined>(undefined);
  const [over, setOver] = useState<number | undefined>();
  const focusAfter = useFocusAfter(busy);
  const handleId = (position: number) => `${idPrefix}-move-${position}`;
  const end = () => {
    dragged.current = undefined;
    setOver(undefined);
  };
  const move = (from: number, to: number) => {
    if (to < 1 || to > c.sources.length || to === from) return;
    onMove(from, to);
    // The list is read again after the move: the focus goes back to the handle once the screen is not busy.
    focusAfter(handleId(to));
  };
  const drop = {
    onDragOver: (e: DragEvent) => {
      const to = rowPosition(e);
      if (dragged.current === undefined || to === undefined) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(to);
    },
    onDragLeave: () => setOver(undefined),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const to = rowPosition(e);
      const from = dragged.current ?? (Number(e.dataTransfer.getData('text/plain')) || undefined);
      if (from !== undefined && to !== undefined) move(from, to);
      end();
    },
  };
  const label = (s: Source) => t('admin.live.moveOf', { n: s.position, name: c.name });
  const handle = (s: Source) => (
    <button
      type="button"
      id={handleId(s.position)}
      className="console-drag"
      draggable={!busy}
      disabled={busy}
      aria-label={label(s)}
      aria-keyshortcuts="ArrowUp ArrowDown"
      title={label(s)}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', String(s.position));
        dragged.current = s.position;
      }}
      onDragEnd={end}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        move(s.position, s.position + (e.key === 'ArrowUp' ? -1 : 1));
      }}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  /** The row a dragged source would land on (not its own). */
  const dropTarget = (s: Source) => over === s.position && dragged.current !== s.position;
  return { drop, handle, move, dropTarget };
}
