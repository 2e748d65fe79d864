import { useStore } from '@nanostores/react';
import type { CatchupRange } from '@ottkit/api-client';
import { GuideGrid, type GuideGridProgramme, programmeActionLock } from '@ottkit/ui';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { LiveChannel } from '../../lib/liveLineup.ts';
import { localDayBounds } from '../../lib/guideDays.ts';
import { $viewer } from '../../stores/authority.ts';
import { $catchupRanges } from '../../stores/catchupRange.ts';
import { $columnChannels, $selectedChannelId, selectChannel } from '../../stores/channels.ts';
import { programmeStatus, readGuideDay } from '../../stores/epg.ts';
import { $gridDays, type GridDay, gridDayKey, loadGridDays } from '../../stores/guideGrid.ts';
import { $t } from '../../stores/lang.ts';
import { $catchup } from '../../stores/playback.ts';
import { $subscriptions } from '../../stores/reminders.ts';
import type { Viewer } from '../../stores/authority.ts';
import { zap } from './actions.ts';
import { actOnProgramme, guideProgrammeAction } from './guideActions.ts';

/**
 * The guide grid of the active category for one of the viewer's days: the rows in view read their day from the
 * local guide store; a block does what the guide list's button does (decision 0110).
 */
export function GuideGridPane({ now, date }: { now: number; date: string }) {
  const channels = useStore($columnChannels);
  const selected = useStore($selectedChannelId);
  // A new revision whenever days were read; the days themselves are read through `get` (decision 0330).
  const gridDays = useStore($gridDays);
  const viewer = useStore($viewer);
  const subscriptions = useStore($subscriptions);
  const catchup = useStore($catchup);
  const t = useStore($t);
  const { start: from, end: to } = localDayBounds(date);

  // The rows drawn, kept without a render: a scroll reads the days of the rows around them (decision 0330).
  const inView = useRef<{ start: number; end: number } | null>(null);
  // The rows given blocks are read, not only those drawn: a row scrolling in is then drawn once, with its
  // blocks on the nodes of a row that left, rather than empty ("loading") and again a frame later, which
  // dropped and rebuilt its blocks (decision 0330).
  const loadNear = useCallback(() => {
    if (!inView.current) return;
    const { first, last } = rowsNear(inView.current, channels.length);
    void loadGridDays(
      channels.slice(first, last).map((c) => c.epgId),
      date,
    );
  }, [channels, date]);
  // A new line-up or day: the rows in view are read for it.
  useEffect(loadNear, [loadNear]);
  const onRowsInView = useCallback(
    (start: number, end: number) => {
      inView.current = { start, end };
      loadNear();
    },
    [loadNear],
  );

  const rows = useMemo(
    () =>
      channels.map((c) => ({
        id: c.logicalChannelId,
        name: c.logicalChannelName,
        number: c.channelSeq,
        logoUrl: c.iconUrl || undefined,
        locked: !c.liveAuthority,
      })),
    [channels],
  );
  const byId = useMemo(() => new Map(channels.map((c) => [c.logicalChannelId, c])), [channels]);

  const ranges = useStore($catchupRanges);
  const inputs = useMemo(
    () => ({ now, viewer, catchup, selected, subscribed: subscribedSet(subscriptions), ranges }),
    [now, viewer, catchup, selected, subscriptions, ranges],
  );
  const cache = useRef(new Map<string, KeptBlocks>());
  // A row's blocks are made when the grid draws it, and kept (the same array while the channel, its day and the
  // inputs are the same), so a scroll renders the rows entering and nothing else (the grid's rows are
  // memoised; decision 0110), and no map of the rows near is built per scroll (decision 0330).
  const programmes = useMemo(
    () => ({
      get(id: string): GuideGridProgramme[] | undefined {
        const c = byId.get(id);
        if (!c) return undefined;
        if (!c.epgId) return NO_BLOCKS;
        const day = gridDays.days.get(gridDayKey(c.epgId, date));
        if (!day) return undefined;
        const kept = cache.current;
        const known = kept.get(id);
        if (known && known.day === day && known.inputs === inputs && known.channel === c) return known.list;
        const list = blocksOf(c, day, inputs);
        kept.delete(id);
        kept.set(id, { channel: c, day, inputs, list });
        for (const old of kept.keys()) {
          if (kept.size <= KEPT_ROWS) break;
          kept.delete(old);
        }
        return list;
      },
    }),
    [byId, gridDays, date, inputs],
  );

  // Stable for the memoised rows; it reads the latest render's state.
  const latest = useRef({ channels, date, selected, viewer });
  latest.current = { channels, date, selected, viewer };
  const onProgramme = useCallback(async (channelId: string, block: GuideGridProgramme) => {
    const { channels, date, selected, viewer } = latest.current;
    const channel = channels.find((c) => c.logicalChannelId === channelId);
    if (!channel) return;
    // The grid keeps a programme's block fields only (decision 0357): the full one is read for its action.
    const day = await readGuideDay(channel.epgId, date).catch(() => null);
    const programme = day?.programs.find((x) => x.programId === block.programId);
    if (!programme) return;
    // Catch-up plays over the channel it belongs to, as from the list: that channel becomes the watched one
    // (its day is then the guide's, for auto-next), and closing the dialog leaves it live.
    if (block.action === 'playback' && block.lock === 'none' && channelId !== selected)
      selectChannel(channelId);
    void actOnProgramme(channel, programme, block.action, viewer);
  }, []);

  return (
    <GuideGrid
      label={t('live.guideGridName')}
      channels={rows}
      programmes={programmes}
      from={from}
      to={to}
      now={now}
      selectedChannelId={selected}
      onSelectChannel={zap}
      onProgramme={onProgramme}
      onRowsInView={onRowsInView}
    />
  );
}

/**
 * Rows read and given blocks beyond those drawn (the grid draws 6 beyond the view), so a scroll finds them
 * ready: a 320 px scroll step brings about 6 rows in.
 */
const ROWS_AROUND = 16;
/** Rows whose blocks are kept: those read around the view, and a screen or two back. */
const KEPT_ROWS = 200;
const NO_BLOCKS: GuideGridProgramme[] = [];

interface KeptBlocks {
  channel: LiveChannel;
  day: GridDay;
  inputs: BlockInputs;
  list: GuideGridProgramme[];
}

/** The rows read and given blocks: those drawn and ROWS_AROUND either side. */
function rowsNear(inView: { start: number; end: number }, count: number) {
  return { first: Math.max(0, inView.start - ROWS_AROUND), last: Math.min(count, inView.end + ROWS_AROUND) };
}

interface BlockInputs {
  now: number;
  viewer: Viewer;
  catchup: { logicalChannelId: string; programId: string } | null;
  selected: string | null;
  /** Per channel, the programmes with a reminder. */
  subscribed: Map<string, Set<string>>;
  /** What of each channel's past is recorded, where known (issue 36). */
  ranges: Record<string, CatchupRange>;
}

/** Per channel, the programmes with a reminder: a block asks its channel's set, without a key string made. */
function subscribedSet(subscriptions: readonly { logicalChannelId: string; programId: string }[]) {
  const byChannel = new Map<string, Set<string>>();
  for (const s of subscriptions) {
    const set = byChannel.get(s.logicalChannelId) ?? new Set<string>();
    set.add(s.programId);
    byChannel.set(s.logicalChannelId, set);
  }
  return byChannel;
}

/** A row's blocks: each programme with the action and lock the guide list would give it. */
function blocksOf(
  c: LiveChannel,
  day: GridDay,
  { now, viewer, catchup, selected, subscribed, ranges }: BlockInputs,
) {
  const id = c.logicalChannelId;
  const reminders = subscribed.get(id);
  return day.programs.map((p): GuideGridProgramme => {
    const action = guideProgrammeAction(c, p, {
      now,
      subscribed: reminders?.has(p.programId) ?? false,
      isCatchup: day.isCatchup,
      range: ranges[id],
    });
    return {
      programId: p.programId,
      title: p.title,
      start: p.start,
      stop: p.stop,
      status: programmeStatus(p, now),
      action,
      lock: programmeActionLock(action, c, viewer),
      current: catchup
        ? catchup.logicalChannelId === id && catchup.programId === p.programId
        : id === selected && action === 'playing',
    };
  });
}
