export {
  GRID_PX_PER_MINUTE,
  GRID_ROW_HEIGHT,
  type GridFocus,
  moveFocus,
  timeToX,
} from './gridLayout.ts';
export { GuideGrid } from './GuideGrid.tsx';
export type { GuideGridChannel, GuideGridProgramme, GuideGridProps } from './types.ts';
