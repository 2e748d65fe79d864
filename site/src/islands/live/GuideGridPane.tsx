import { useStore } from '@nanostores/react';
import { GuideGrid, type GuideGridProgramme, programmeActionLock } from '@ottkit/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LiveChannel } from '../../lib/liveLineup.ts';
import { localDayBounds } from '../../lib/guideDays.ts';
import { $viewer } from '../../stores/authority.ts';
import { $columnChannels, $selectedChannelId, selectChannel } from '../../stores/channels.ts';
import { programmeStatus } from '../../stores/epg.ts';
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
  const [inView, setInView] = useState<{ start: number; end: number } | null>(null);

  // The rows given blocks are read, not only those drawn: a row scrolling in is then drawn once, with its
  // blocks on the nodes of a row that left, rather than empty ("loading") and again a frame later, which
  // dropped and rebuilt its blocks (decision 0330).
  useEffect(() => {
    if (!inView) return;
    const { first, last } = rowsNear(inView, channels.length);
    const epgIds = channels.slice(first, last).map((c) => c.epgId);
    void loadGridDays(epgIds, date);
  }, [channels, inView, date]);

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

  // Blocks for the rows near the view only, and the same array for a row whose inputs did not change, so a
  // scroll renders the rows entering and nothing else (the grid's rows are memoised; decision 0110).
  const inputs = useMemo(
    () => ({ now, viewer, catchup, selected, subscribed: subscribedSet(subscriptions) }),
    [now, viewer, catchup, selected, subscriptions],
  );
  // Found when the line-up or the selection changes, not on every scroll (decision 0321).
  const watched = useMemo(() => channels.find((c) => c.logicalChannelId === selected), [channels, selected]);
  const cache = useRef(
    new Map<string, { day: GridDay; inputs: typeof inputs; list: GuideGridProgramme[] }>(),
  );
  const programmes = useMemo(() => {
    const byChannel = new Map<string, GuideGridProgramme[]>();
    const { first, last } = rowsNear(inView ?? { start: 0, end: 0 }, channels.length);
    const near = channels.slice(first, last);
    if (watched && !near.includes(watched)) near.push(watched);
    for (const c of near) {
      const id = c.logicalChannelId;
      if (!c.epgId) {
        byChannel.set(id, []);
        continue;
      }
      const day = gridDays.days.get(gridDayKey(c.epgId, date));
      if (!day) continue;
      const known = cache.current.get(id);
      if (known && known.day === day && known.inputs === inputs) {
        byChannel.set(id, known.list);
        continue;
      }
      const list = blocksOf(c, day, inputs);
      cache.current.set(id, { day, inputs, list });
      byChannel.set(id, list);
    }
    // Rows far from the view keep no blocks, and their cache goes with them.
    for (const id of cache.current.keys()) if (!byChannel.has(id)) cache.current.delete(id);
    return byChannel;
  }, [channels, gridDays, date, inputs, inView, watched]);

  const onRowsInView = useCallback((start: number, end: number) => setInView({ start, end }), []);

  // Stable for the memoised rows; it reads the latest render's state.
  const latest = useRef({ channels, days: gridDays.days, date, selected, viewer });
  latest.current = { channels, days: gridDays.days, date, selected, viewer };
  const onProgramme = useCallback((channelId: string, block: GuideGridProgramme) => {
    const { channels, days, date, selected, viewer } = latest.current;
    const channel = channels.find((c) => c.logicalChannelId === channelId);
    const p = channel ? days.get(gridDayKey(channel.epgId, date))?.programs : undefined;
    const programme = p?.find((x) => x.programId === block.programId);
    if (!channel || !programme) return;
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

/** The rows read and given blocks: those drawn and ROWS_AROUND either side. */
function rowsNear(inView: { start: number; end: number }, count: number) {
  return { first: Math.max(0, inView.start - ROWS_AROUND), last: Math.min(count, inView.end + ROWS_AROUND) };
}

interface BlockInputs {
  now: number;
  viewer: Viewer;
  catchup: { logicalChannelId: string; programId: string } | null;
  selected: string | null;
  subscribed: Set<string>;
}

function subscribedSet(subscriptions: readonly { logicalChannelId: string; programId: string }[]) {
  return new Set(subscriptions.map((s) => `${s.logicalChannelId}|${s.programId}`));
}

/** A row's blocks: each programme with the action and lock the guide list would give it. */
function blocksOf(c: LiveChannel, day: GridDay, { now, viewer, catchup, selected, subscribed }: BlockInputs) {
  const id = c.logicalChannelId;
  return day.programs.map((p): GuideGridProgramme => {
    const action = guideProgrammeAction(c, p, {
      now,
      subscribed: subscribed.has(`${id}|${p.programId}`),
      isCatchup: day.isCatchup,
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
