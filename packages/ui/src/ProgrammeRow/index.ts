export {
  isWithinCatchupWindow,
  type ProgrammeAction,
  type ProgrammeActionInput,
  type ProgrammeActionLock,
  type ProgrammeStatus,
  programmeAction,
  programmeActionLock,
} from './programmeAction.ts';
export { ProgrammeRow, type ProgrammeRowProgramme, type ProgrammeRowProps } from './ProgrammeRow.tsx';
