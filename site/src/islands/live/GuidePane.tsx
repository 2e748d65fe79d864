import { useStore } from '@nanostores/react';
import type { EpgProgram } from '@ottkit/api-client';
import { EmptyTip, ProgrammeRow, Spinner, programmeActionLock, type ProgrammeAction } from '@ottkit/ui';
import { Suspense, useEffect, useRef } from 'react';
import { guideDays } from '../../lib/epgStore.ts';
import { localDayBounds } from '../../lib/guideDays.ts';
import { $viewer } from '../../stores/authority.ts';
import { $catchupRanges, loadCatchupRange, recordedPart } from '../../stores/catchupRange.ts';
import { $selectedChannel } from '../../stores/channels.ts';
import { $guide, $guideDate, loadGuide, programmeAfter, programmeStatus } from '../../stores/epg.ts';
import { timeFormat } from '../../i18n/format.ts';
import { playerMessagesFor } from '../../i18n/player.ts';
import { $lang, $t } from '../../stores/lang.ts';
import { $guideView } from '../../stores/guideView.ts';
import { $catchup, closeCatchup, renewCatchup } from '../../stores/playback.ts';
import { $subscriptions } from '../../stores/reminders.ts';
import { markDayShown, settleFirstView } from './firstView.ts';
import { actOnProgramme, guideProgrammeAction, playCatchup } from './guideActions.ts';
import { GuideGridPane } from './GuideGridPane.tsx';
import { GuideViewToggle } from './GuideViewToggle.tsx';
import { CatchupPlayerDialog } from './lazyPlayer.ts';
import styles from './live.module.css';
import { prepareTelemetry, telemetrySink } from '../../stores/telemetry.ts';

/** The guide of the selected channel by day (7 back, 3 ahead), with catch-up in the full-screen dialog. */
export function GuidePane({ now, today }: { now: number; today: string }) {
  const channel = useStore($selectedChannel);
  const date = useStore($guideDate) ?? today;
  const guide = useStore($guide);
  const viewer = useStore($viewer);
  const subscriptions = useStore($subscriptions);
  const catchup = useStore($catchup);
  const lang = useStore($lang);
  const t = useStore($t);
  const messages = playerMessagesFor(lang);
  const view = useStore($guideView);
  const epgId = channel?.epgId ?? '';
  const ranges = useStore($catchupRanges);
  const channelId = channel?.logicalChannelId ?? '';
  const offersPlayback = !!channel?.canPlayBack;

  const list = useRef<HTMLOListElement>(null);
  const dayTabs = useRef<HTMLDivElement>(null);

  // The telemetry queue ready before this player's session may end with the page (issue 37).
  useEffect(prepareTelemetry, []);
  useEffect(() => {
    void loadGuide(epgId, date);
  }, [epgId, date]);

  // What of the channel's past is recorded: Playback only for what exists (issue 36).
  useEffect(() => {
    if (channelId && offersPlayback) void loadCatchupRange(channelId);
  }, [channelId, offersPlayback]);

  // Keep the chosen day's tab and the programme on air (or played back) in view, without moving the page.
  const ready = guide.state === 'ready';
  // biome-ignore lint/correctness/useExhaustiveDependencies: DOM reads, re-run when the day, channel or data change
  useEffect(() => {
    const tabs = dayTabs.current;
    const tab = tabs?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (tabs && tab) tabs.scrollLeft = tab.offsetLeft - tabs.clientWidth / 2 + tab.offsetWidth / 2;
    const el = list.current;
    const current = el?.querySelector<HTMLElement>('[aria-current="true"]')?.closest('li');
    if (el && current) el.scrollTop = current.offsetTop - el.clientHeight / 3;
  }, [date, epgId, ready]);

  const shownFrom =
    guide.state === 'ready' && guide.epgId === epgId && guide.programs.length > 0 ? guide.source : null;
  // The first view has settled once the guide shows a day, an empty or failed one, or there is no guide.
  const settled = !epgId || (guide.state !== 'idle' && guide.state !== 'loading' && guide.epgId === epgId);
  useEffect(() => {
    if (shownFrom) markDayShown(shownFrom);
    if (settled) settleFirstView();
  }, [shownFrom, settled]);

  if (!channel) return null;
  const days = guideDays(today);
  // Labels of the viewer's calendar days: the same text in any zone (a local midnight, formatted locally).
  const dayLabel = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short' });
  const subscribed = new Set(
    subscriptions.filter((s) => s.logicalChannelId === channel.logicalChannelId).map((s) => s.programId),
  );
  const programs =
    guide.state === 'ready' && guide.epgId === epgId
      ? [...guide.programs].sort((a, b) => a.start - b.start)
      : [];
  const isCatchup = guide.state === 'ready' ? guide.isCatchup : false;

  const range = ranges[channel.logicalChannelId];
  const actionOf = (p: EpgProgram) =>
    guideProgrammeAction(channel, p, { now, subscribed: subscribed.has(p.programId), isCatchup, range });
  /** "Recorded from 3:31" on a past programme the recording holds only in part. */
  const noteOf = (p: EpgProgram, action: ProgrammeAction) => {
    const part = action === 'playback' ? recordedPart(p, range) : null;
    return part?.kind === 'from' ? t('live.recordedFrom', { time: timeFormat(lang)(part.from) }) : undefined;
  };

  async function onAction(programId: string, action: ProgrammeAction) {
    const p = programs.find((x) => x.programId === programId);
    // Playing marks the channel already watched here (the grid's Playing switches channel).
    if (!p || !channel || action === 'playing') return;
    await actOnProgramme(channel, p, action, viewer);
  }

  // Catch-up ended: the next programme of the day plays if it can be played back; else back to live.
  function autoNext() {
    const c = $catchup.get();
    const next = c ? programmeAfter(programs, c.programId) : null;
    if (next && channel && actionOf(next) === 'playback') void playCatchup(channel, next);
    else closeCatchup();
  }

  const playing = catchup?.logicalChannelId === channel.logicalChannelId ? catchup : null;
  return (
    <section aria-label={t('live.guide')} className={styles.guide}>
      <div className={styles.guideHeader}>
        <h2 className={styles.sectionTitle}>{t('live.guide')}</h2>
        <GuideViewToggle />
      </div>
      <div ref={dayTabs} role="tablist" aria-label={t('live.guideDays')} className={styles.days}>
        {days.map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            data-date={d}
            aria-selected={d === date}
            className={styles.tab}
            onClick={() => $guideDate.set(d)}
          >
            {d === today ? t('live.today') : dayLabel.format(localDayBounds(d).start)}
          </button>
        ))}
      </div>
      {view === 'grid' ? (
        <GuideGridPane now={now} date={date} />
      ) : !epgId ? (
        <EmptyTip text={t('live.noGuide')} />
      ) : guide.state === 'idle' || guide.state === 'loading' || guide.epgId !== epgId ? (
        // Also on the server and while hydrating: the day comes from the store right after.
        <Spinner label={t('common.loading')} />
      ) : guide.state === 'error' ? (
        <p className="notice" role="alert">
          {t('live.guideFailed')}
        </p>
      ) : programs.length === 0 ? (
        <EmptyTip text={t('live.guideEmpty')} />
      ) : (
        <ol ref={list} className={styles.programmes} aria-label={t('live.guide')}>
          {programs.map((p) => {
            const action = actionOf(p);
            return (
              <li key={p.programId} data-program-id={p.programId}>
                <ProgrammeRow
                  programme={{
                    programId: p.programId,
                    programme: p.title,
                    start: p.start,
                    stop: p.stop,
                    status: programmeStatus(p, now),
                  }}
                  action={action}
                  lock={programmeActionLock(action, channel, viewer)}
                  current={playing ? playing.programId === p.programId : action === 'playing'}
                  onAction={(id, a) => void onAction(id, a)}
                  formatTime={timeFormat(lang)}
                  note={noteOf(p, action)}
                />
              </li>
            );
          })}
        </ol>
      )}
      {playing?.state === 'ready' ? (
        <Suspense fallback={null}>
          <CatchupPlayerDialog
            telemetry={telemetrySink}
            src={playing.url}
            drm={playing.drm}
            expiresAt={playing.expiresAt}
            onRenew={() => renewCatchup(playing.programId)}
            playbackAuthority={playing.authority}
            channel={{
              id: channel.logicalChannelId,
              name: channel.logicalChannelName,
              number: channel.channelSeq,
              logoUrl: channel.iconUrl,
            }}
            programme={playing.programme}
            audioOnly={channel.channelType === 5}
            onAutoNextProgramme={autoNext}
            formatTime={timeFormat(lang)}
            onClose={closeCatchup}
            messages={messages}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
