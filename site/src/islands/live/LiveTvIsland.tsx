import { useStore } from '@nanostores/react';
import type { ChannelColumn } from '@ottkit/api-client';
import { MessagesProvider, NoAuthorityDialog } from '@ottkit/ui';
import { useEffect, useState } from 'react';
import type { PackedChannel } from '../../lib/liveLineup.ts';
import { $noAuthorityPrompt } from '../../stores/authority.ts';
import { seedViewer, type Viewer } from '../../stores/viewer.ts';
import { $selectedChannel, initLineup } from '../../stores/channels.ts';
import { $lineupComplete, loadLineup } from '../../stores/lineupLoad.ts';
import { utcDay } from '../../lib/epgStore.ts';
import { localDay } from '../../lib/guideDays.ts';
import { guideStore, primeGuide } from '../../stores/epg.ts';
import { openPurchase } from '../../stores/purchase.ts';
import type { Lang } from '../../i18n/index.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import { $lang, $t } from '../../stores/lang.ts';
import { stopWatching } from '../../stores/liveHistory.ts';
import { $guideView, restoreGuideView } from '../../stores/guideView.ts';
import { CategoryTabs } from './CategoryTabs.tsx';
import { useChannelKeys } from './channelKeys.ts';
import { $firstViewSettled, markInteractive, settleFirstViewWithin } from './firstView.ts';
import { ChannelList } from './ChannelList.tsx';
import { GuidePane } from './GuidePane.tsx';
import styles from './live.module.css';
import { PlayerPane } from './PlayerPane.tsx';
import { installPlayUrlSource } from './playUrlSource.ts';
import { useLiveJobs } from './useLiveJobs.ts';
import type { GuideMask } from '../../lib/guideMask.ts';
import { $guideMask } from '../../stores/guideMask.ts';
import { RatedPlayPrompt } from './RatedPlayPrompt.tsx';

interface Props {
  /**
   * The line-up packed as rows (lib/liveLineup.ts): only the fields the page uses, without repeating their
   * names, so a 500-channel line-up stays small in the HTML (decision 0074).
   */
  lineup: PackedChannel[];
  /**
   * False when `lineup` is only the first screenful of a large line-up (decision 0297): the island loads the
   * whole line-up once hydrated.
   */
  lineupComplete?: boolean;
  columns: ChannelColumn[];
  selectedId: string | null;
  viewer: Viewer;
  /** The page language (on the server the language store is shared by every request). */
  lang: Lang;
  /** Server time when the page rendered (the first render matches on server and browser). */
  renderedAt: number;
  /** The session profile's rating limit and its neutral text (decision 0310); null: it sees everything. */
  guideMask?: GuideMask | null;
}

/** How often the programme statuses, now/next and the guide's Playing mark are re-judged. */
export const CLOCK_TICK_MS = 15_000;

installPlayUrlSource();

/** The page's background work, mounted once the first view is painted (decision 0074). */
function LiveJobs() {
  useLiveJobs();
  return null;
}

/** /liveTv: categories and channels, the live player, the guide by day and prompts (reminders: the layout). */
/** How long a failed load of the whole line-up waits before it asks again. */
const LINEUP_RETRY_MS = 5_000;

// The local guide store opens as soon as this chunk runs, while React's chunks load and the page hydrates: its
// open is a round trip to the browser's process, which the first view's day read (primeGuide, at the first
// render) would otherwise wait for (decision 0074).
if (typeof window !== 'undefined') void guideStore();

/**
 * Loads the whole line-up until it has it (the page's props carried its first screenful), once the first view is
 * on screen: at 10,000 channels reading the kept answer and parsing it holds the main thread for 100-200 ms,
 * which the first view (the first screenful and the selected channel's day from the store) does not need
 * (decision 0330).
 */
function useWholeLineup(firstViewSettled: boolean) {
  useEffect(() => {
    if (!firstViewSettled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = () => {
      if (stopped || $lineupComplete.get()) return;
      loadLineup().catch(() => {
        timer = setTimeout(load, LINEUP_RETRY_MS);
      });
    };
    load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [firstViewSettled]);
}

export default function LiveTvIsland({
  lineup,
  lineupComplete = true,
  columns,
  selectedId,
  viewer,
  lang,
  renderedAt,
  guideMask = null,
}: Props) {
  // Once, on the first render: the stores start from what the server rendered. Later renders (the clock ticks
  // every 15 s) must not write them again (and update other components mid-render). $viewer follows the
  // session store once it has its answer, so what the server rendered only stands until then.
  useState(() => {
    if ($lang.get() !== lang) $lang.set(lang);
    seedViewer(viewer);
    $guideMask.set(guideMask);
    initLineup(lineup, columns, selectedId);
    $lineupComplete.set(lineupComplete);
    // The selected channel's day is read from the store in parallel with hydration.
    primeGuide($selectedChannel.get()?.epgId ?? '', Date.now());
  });
  const t = useStore($t);
  const prompt = useStore($noAuthorityPrompt);
  const messages = kitMessagesFor(lang);
  const [now, setNow] = useState(renderedAt);
  // Marks the page interactive (tests and the benchmark wait for it; SSR buttons do nothing before it).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    markInteractive();
    setHydrated(true);
    restoreGuideView();
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    const cancelWait = settleFirstViewWithin();
    // From hydration on, not only once the jobs run: a play that started is reported when the page goes.
    const onHide = () => stopWatching();
    window.addEventListener('pagehide', onHide);
    return () => {
      clearInterval(timer);
      cancelWait();
      window.removeEventListener('pagehide', onHide);
    };
  }, []);
  useChannelKeys();
  // The jobs (guide sync, update check, reminders' line-up) work on the whole line-up.
  const firstViewSettled = useStore($firstViewSettled);
  useWholeLineup(firstViewSettled);
  const wholeLineup = useStore($lineupComplete);
  const jobsMayStart = firstViewSettled && wholeLineup;
  // The grid has its own channel column: the channel list gives it the room (the categories stay).
  const guideView = useStore($guideView);
  // The guide's days are the viewer's calendar days; the server (and the hydrating render) knows no zone, so
  // it renders the UTC day until the island is interactive (decision 0072).
  const today = hydrated ? localDay(now) : utcDay(now);
  const back = typeof window === 'undefined' ? '/liveTv' : window.location.pathname + window.location.search;

  return (
    <MessagesProvider messages={messages}>
      <div
        className={styles.layout}
        data-live-ready={hydrated ? 'true' : 'false'}
        data-guide-view={guideView}
      >
        <div className={styles.playerArea}>
          <PlayerPane now={now} />
        </div>
        <section aria-label={t('live.channels')} className={styles.channels}>
          <CategoryTabs />
          {guideView === 'grid' ? null : <ChannelList now={now} />}
        </section>
        <div className={styles.guideArea}>
          <GuidePane now={now} today={today} />
        </div>
      </div>
      {jobsMayStart ? <LiveJobs /> : null}
      <RatedPlayPrompt />
      <NoAuthorityDialog
        open={prompt !== null}
        viewer={prompt?.viewer ?? viewer}
        onClose={() => $noAuthorityPrompt.set(null)}
        onLogin={() => window.location.assign(`/login?redirect=${encodeURIComponent(back)}`)}
        onPurchase={() => {
          // The purchase dialog opens over the page: a recharge unlocks the channel without a reload.
          $noAuthorityPrompt.set(null);
          openPurchase();
        }}
      />
    </MessagesProvider>
  );
}
