/**
 * What the grid's hooks read from its drawing: a cell's key (the `data-cell` of its button, how the focus finds
 * it again after a render) and the sticky parts' sizes. These read the DOM only when called, from effects and
 * handlers, never at module load (the kit renders on the server).
 */

/** A cell's key: its row and its programme (empty for the channel's header). */
export const cellKey = (row: number, programId: string | null) => `${row}:${programId ?? ''}`;

/** The cell a `data-cell` key names (the inverse of `cellKey`). */
export function parseCellKey(key: string): { row: number; programId: string | null } {
  const [row = '0', programId = ''] = key.split(':');
  return { row: Number(row), programId: programId || null };
}

/** The sticky channel column's width, read from the layout (a token that a phone narrows). */
export function channelWidth(grid: HTMLElement): number {
  return grid.querySelector<HTMLElement>('[data-corner]')?.offsetWidth ?? 0;
}

/** The sticky ruler's height: what a row scrolled into view must clear at the top. */
export function rulerHeight(grid: HTMLElement): number {
  return grid.querySelector<HTMLElement>('[data-ruler]')?.offsetHeight ?? 0;
}
