import { useStore } from '@nanostores/react';
import { GuideGrid, type GuideGridProgramme, programmeActionLock } from '@ottkit/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { localDayBounds } from '../../lib/guideDays.ts';
import { $viewer } from '../../stores/authority.ts';
import { $columnChannels, $selectedChannelId, selectChannel } from '../../stores/channels.ts';
import { programmeStatus } from '../../stores/epg.ts';
import { $gridDays, gridDayKey, loadGridDays } from '../../stores/guideGrid.ts';
import { $t } from '../../stores/lang.ts';
import { $catchup } from '../../stores/playback.ts';
import { $subscriptions } from '../../stores/reminders.ts';
import { zap } from './actions.ts';
import { actOnProgramme, guideProgrammeAction } from './guideActions.ts';

/**
 * The guide grid of the active category for one of the viewer's days: the rows in view read their day from the
 * local guide store; a block does what the guide list's button does (decision 0110).
 */
export function GuideGridPane({ now, date }: { now: number; date: string }) {
  const channels = useStore($columnChannels);
  const selected = useStore($selectedChannelId);
  const days = useStore($gridDays);
  const viewer = useStore($viewer);
  const subscriptions = useStore($subscriptions);
  const catchup = useStore($catchup);
  const t = useStore($t);
  const { start: from, end: to } = localDayBounds(date);
  const [inView, setInView] = useState<{ start: number; end: number } | null>(null);

  useEffect(() => {
    if (!inView) return;
    const epgIds = channels.slice(inView.start, inView.end).map((c) => c.epgId);
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

  const programmes = useMemo(() => {
    const subscribed = new Set(subscriptions.map((s) => `${s.logicalChannelId}|${s.programId}`));
    const byChannel = new Map<string, GuideGridProgramme[]>();
    for (const c of channels) {
      const id = c.logicalChannelId;
      if (!c.epgId) {
        byChannel.set(id, []);
        continue;
      }
      const day = days.get(gridDayKey(c.epgId, date));
      if (!day) continue;
      byChannel.set(
        id,
        day.programs.map((p) => {
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
        }),
      );
    }
    return byChannel;
  }, [channels, days, date, now, subscriptions, viewer, catchup, selected]);

  const onRowsInView = useCallback((start: number, end: number) => setInView({ start, end }), []);

  const onProgramme = (channelId: string, block: GuideGridProgramme) => {
    const channel = channels.find((c) => c.logicalChannelId === channelId);
    const p = channel ? days.get(gridDayKey(channel.epgId, date))?.programs : undefined;
    const programme = p?.find((x) => x.programId === block.programId);
    if (!channel || !programme) return;
    // Catch-up plays over the channel it belongs to, as from the list: that channel becomes the watched one
    // (its day is then the guide's, for auto-next), and closing the dialog leaves it live.
    if (block.action === 'playback' && block.lock === 'none' && channelId !== selected)
      selectChannel(channelId);
    void actOnProgramme(channel, programme, block.action, viewer);
  };

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
