import { useEffect } from 'react';
import { startEpgSync } from '../../jobs/epgSync.ts';
import { startLiveUsageCache } from '../../jobs/liveUsageCache.ts';
import { startUpdateCheck } from '../../jobs/updateCheck.ts';
import { browserApi } from '../../lib/api.ts';
import { $viewer, refreshAuthority } from '../../stores/authority.ts';
import { $channels, epgRelations } from '../../stores/channels.ts';
import { loadLineup } from '../../stores/lineupLoad.ts';
import { syncGuideNow } from '../../stores/epg.ts';
import { refreshFavorites } from '../../stores/favorites.ts';
import { currentUsage, reportPlay } from '../../stores/liveHistory.ts';
import { refreshSubscriptions } from '../../stores/reminders.ts';
import { sessionSettled } from '../../stores/session.ts';

/**
 * The background work of /liveTv (spec §9): guide sync, the 10-minute update check and the 5-minute live
 * usage cache, started once the page is interactive and stopped when it goes. The reminder schedule runs in
 * the layout's ReminderHost (every page), which reads the line-up and the watched channel from the stores.
 */
export function useLiveJobs() {
  useEffect(() => {
    const user = $viewer.get() === 'user';
    const ignore = () => undefined;
    // Once the session is known: asked before a new guest's session, it was refused and asked again.
    void sessionSettled()
      .then(() => refreshAuthority())
      .catch(ignore);
    if (user) void refreshSubscriptions().catch(ignore);
    const stops: (() => void)[] = [];
    stops.push(startEpgSync(() => syncGuideNow(epgRelations($channels.get()))));
    stops.push(
      startUpdateCheck(async (dataChecks) => (await browserApi.live.updateCheck({ dataChecks })).dataStates, {
        channel: loadLineup,
        authority: refreshAuthority,
        epg: () => syncGuideNow(epgRelations($channels.get())),
        ...(user ? { favorite: refreshFavorites, subscribe: refreshSubscriptions } : {}),
      }),
    );
    stops.push(
      startLiveUsageCache({
        storage: window.localStorage,
        current: () => currentUsage(),
        report: (usage) => reportPlay({ ...usage, playType: 'live' }),
      }),
    );
    // The play report on leaving the page is the island's (LiveTvIsland), from hydration on.
    return () => {
      for (const stop of stops) stop();
    };
  }, []);
}
