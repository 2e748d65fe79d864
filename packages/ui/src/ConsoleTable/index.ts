export {
  type ConsoleTableAction,
  type ConsoleTableColumn,
  ConsoleTable,
  type ConsoleTableProps,
} from './ConsoleTable.tsx';
