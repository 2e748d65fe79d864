import type { ProgrammeAction, ProgrammeActionLock, ProgrammeStatus } from '../ProgrammeRow/index.ts';

/** A channel row's header. */
export interface GuideGridChannel {
  id: string;
  name: string;
  number: number;
  logoUrl?: string;
  /** No live authority: the header carries the lock. */
  locked?: boolean;
}

/** One programme block: the guide's fields and the action a click takes (the same as the guide list's). */
export interface GuideGridProgramme {
  programId: string;
  title: string;
  /** Epoch ms. */
  start: number;
  stop: number;
  status: ProgrammeStatus;
  /** From `programmeAction(...)`; `none`: the block does nothing. */
  action: ProgrammeAction;
  lock?: ProgrammeActionLock;
  /** Being watched (live or catch-up): aria-current. */
  current?: boolean;
}

export interface GuideGridProps {
  /** Accessible name of the grid. */
  label: string;
  channels: readonly GuideGridChannel[];
  /**
   * Each row's programmes by start, by channel id; a channel missing from the map is still loading. Only `get`
   * is used, for the rows drawn: a host may answer it on demand (a new object when the answers change) rather
   * than build a map per scroll.
   */
  programmes: Pick<ReadonlyMap<string, readonly GuideGridProgramme[]>, 'get'>;
  /** The span of time across (epoch ms), e.g. one day. */
  from: number;
  to: number;
  /** Now (epoch ms): the now line, and where the grid opens. */
  now: number;
  selectedChannelId?: string | null;
  /** Formats an epoch-ms time; the default is 24-hour `HH:mm` in the browser's zone. */
  formatTime?: (epochMs: number) => string;
  onSelectChannel?: (channelId: string) => void;
  onProgramme?: (channelId: string, programme: GuideGridProgramme) => void;
  /** The rows drawn changed (`end` exclusive): the host loads their programmes. */
  onRowsInView?: (start: number, end: number) => void;
}
