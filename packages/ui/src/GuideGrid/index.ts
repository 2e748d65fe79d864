export {
  GRID_PX_PER_MINUTE,
  GRID_ROW_HEIGHT,
  type GridFocus,
  moveFocus,
  timeToX,
} from './gridLayout.ts';
export {
  GuideGrid,
  type GuideGridChannel,
  type GuideGridProgramme,
  type GuideGridProps,
} from './GuideGrid.tsx';
