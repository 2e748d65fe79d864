import { useStore } from '@nanostores/react';
import '@ottkit/player/styles.css';
import { dialogButton } from '@ottkit/ui';
import { Suspense, useEffect, useRef } from 'react';
import { $selectedChannel } from '../../stores/channels.ts';
import { $todayPrograms, loadTodayPrograms, nowAndNext } from '../../stores/epg.ts';
import { timeFormat } from '../../i18n/format.ts';
import { playerMessagesFor } from '../../i18n/player.ts';
import { $lang, $t } from '../../stores/lang.ts';
import { rememberTrack, trackPreference } from '../../stores/trackPreference.ts';
import { startWatching } from '../../stores/liveHistory.ts';
import { $catchup, $livePlayback, loadLivePlayback, renewLivePlayback } from '../../stores/playback.ts';
import { $liveNotice, favoriteAction } from './actions.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { LivePlayer } from './lazyPlayer.ts';
import styles from './live.module.css';
import { prepareTelemetry, telemetrySink } from '../../stores/telemetry.ts';
import { $columnChannels, $zapStartedAt } from '../../stores/channels.ts';
import { WARM_ANSWER_MIN_LIFE_MS } from '../../stores/playback.ts';
import { $pointedChannelId, $warmTargets, warmNeighbours } from '../../stores/warmChannels.ts';

/** Spec §3: channelType 5 is an audio channel. */
const AUDIO = 5;

/** The live player of spec §2, fed with the signed URL, now/next from the guide and the Favorite button. */
export function PlayerPane({ now }: { now: number }) {
  const channel = useStore($selectedChannel);
  const playback = useStore($livePlayback);
  const today = useStore($todayPrograms);
  const notice = useStore($liveNotice);
  // While a programme plays back in the full-screen dialog, live is stopped (one sound at a time).
  const catchupOpen = useStore($catchup) !== null;
  const t = useStore($t);
  const lang = useStore($lang);
  // The lazy player mounts after hydration only: suspended on the server, React would stream it with inline
  // scripts that the page's Content-Security-Policy cannot hash (decision 0163).
  const hydrated = useHydrated();
  const messages = playerMessagesFor(lang);
  const channelId = channel?.logicalChannelId;
  const epgId = channel?.epgId ?? '';
  const liveAuthority = channel?.liveAuthority;
  const prefetch = useStore($warmTargets);
  const column = useStore($columnChannels);
  const pointed = useStore($pointedChannelId);
  const zapStartedAt = useStore($zapStartedAt);

  // The telemetry queue ready before this player's session may end with the page (issue 37).
  useEffect(prepareTelemetry, []);
  // A change of the channel's live authority (a recharge, a plan that ended) asks for its URL again at once:
  // the player swaps the fallback clip for the real stream, or back, without a reload of the page.
  useEffect(() => {
    if (!channelId) return;
    const p = $livePlayback.get();
    const current = p.state === 'ready' && p.logicalChannelId === channelId && p.authority === liveAuthority;
    if (!current) void loadLivePlayback({ logicalChannelId: channelId });
  }, [channelId, liveAuthority]);
  useEffect(() => {
    void loadTodayPrograms(epgId, Date.now());
  }, [epgId]);
  // Neighbours kept warm (issue 20 §1): again on a zap, a new list or pointer, and before their answers expire.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs warmNeighbours reads from the stores
  useEffect(() => {
    void warmNeighbours();
    const timer = setInterval(() => void warmNeighbours(), WARM_ANSWER_MIN_LIFE_MS);
    return () => clearInterval(timer);
  }, [channelId, column, pointed]);

  const ready = playback.state === 'ready' && playback.logicalChannelId === channelId ? playback : null;
  const onAir = today.epgId === epgId ? nowAndNext(today.programs, now) : { now: null, next: null };
  const programId = onAir.now?.programId ?? '';

  // Play history: the programme is read when the channel starts; a programme change is not a new play.
  const programRef = useRef(programId);
  programRef.current = programId;
  useEffect(() => {
    if (!ready || !channelId) return;
    if (ready.authority) {
      startWatching({ logicalChannelId: channelId, programId: programRef.current, playType: 'live' });
    }
  }, [ready, channelId]);

  if (!channel) {
    return (
      <section aria-label={t('live.player')} className="notice">
        {t('live.pickChannel')}
      </section>
    );
  }
  return (
    <section aria-label={t('live.player')} className={styles.player}>
      {catchupOpen || !hydrated || (playback.state === 'rated' && playback.logicalChannelId === channelId) ? (
        // Also while the PIN prompt asks for a programme rated above the profile (RatedPlayPrompt).
        <div className={styles.playerPlaceholder} />
      ) : playback.state === 'error' && playback.logicalChannelId === channelId ? (
        <p className="notice" role="alert">
          {t(playback.messageKey)}
          {playback.messageKey === 'profiles.rated.refused' ? (
            // The PIN prompt was closed: it can be asked for again (issue 20 §2).
            <>
              {' '}
              <button
                type="button"
                className={`${dialogButton.secondary} ${styles.pinAgain}`}
                onClick={() => void loadLivePlayback({ logicalChannelId: playback.logicalChannelId })}
              >
                {t('profiles.pin.enter')}
              </button>
            </>
          ) : null}
        </p>
      ) : (
        <Suspense fallback={<div className={styles.playerPlaceholder} />}>
          <LivePlayer
            telemetry={telemetrySink}
            {...(zapStartedAt === undefined ? {} : { zapStartedAt })}
            prefetch={prefetch}
            src={ready?.url}
            drm={ready?.drm}
            authority={ready ? ready.authority : channel.liveAuthority}
            fallbackSrc={ready && !ready.authority ? ready.url : undefined}
            timeshiftSrc={ready?.authority ? ready.timeshiftUrl : undefined}
            timeshiftStart={ready?.timeshiftStart}
            expiresAt={ready?.expiresAt}
            onRenew={({ mode, source }) =>
              renewLivePlayback(
                channel.logicalChannelId,
                mode === 'timeshift' ? source.timeshiftStart : undefined,
              )
            }
            channel={{
              id: channel.logicalChannelId,
              logoUrl: channel.iconUrl,
              number: channel.channelSeq,
              name: channel.logicalChannelName,
            }}
            now={onAir.now ? { title: onAir.now.title, start: onAir.now.start, stop: onAir.now.stop } : null}
            next={onAir.next ? { title: onAir.next.title } : null}
            favorite={channel.isFavorite}
            onFavoriteToggle={(fav) => void favoriteAction(channel.logicalChannelId, fav)}
            broadcast={channel.broadcastOpenTime !== undefined}
            audioOnly={channel.channelType === AUDIO}
            audioPosters={channel.audioPosterList.map((p) => p.url)}
            messages={messages}
            trackPreference={trackPreference(lang)}
            on={{ trackchange: rememberTrack }}
            formatTime={timeFormat(lang)}
          />
        </Suspense>
      )}
      {notice ? (
        <p className={styles.notice} role="status">
          {t(notice)}
        </p>
      ) : null}
    </section>
  );
}
