import { useStore } from '@nanostores/react';
import { VodPlayerDialog } from '@ottkit/player/react';
import '@ottkit/player/styles.css';
import { Dialog, dialogButton, MessagesProvider, NoAuthorityDialog, Spinner } from '@ottkit/ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import {
  createProgressReporter,
  PROGRESS_SAMPLE_MS,
  type ProgressReporter,
} from '../../jobs/progressReport.ts';
import type { Lang } from '../../i18n/index.ts';
import { browserApi } from '../../lib/api.ts';
import { playerMessagesFor } from '../../i18n/player.ts';
import { $viewer } from '../../stores/authority.ts';
import { loadPlayPositions } from '../../stores/progress.ts';
import { openPurchase } from '../../stores/purchase.ts';
import { loginHref, renewVodPlayback, startPlayback } from '../../stores/vodPlayback.ts';
import { $vodPlayer, closePlayer } from '../../stores/vodPlayer.ts';
import { clearPlayRequest, type VodPlayRequest } from '../../stores/vodPlayRequest.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import { useT } from './useT.ts';
import { prepareTelemetry, telemetrySink } from '../../stores/telemetry.ts';
import { rememberTrack, trackPreference } from '../../stores/trackPreference.ts';

// The PIN prompt (issue 20 §2) loads when a title is refused for its rating, not with every player.
const RatedPinPrompt = lazy(() => import('../profiles/RatedPinPrompt.tsx'));

export interface VodPlayerMountProps {
  lang: Lang;
  reportIntervalSeconds: number;
  request: VodPlayRequest;
}

/** The full-screen VOD player of the page (spec §2): resolves requests, plays, reports progress. */
export default function VodPlayerMount({ lang, reportIntervalSeconds, request }: VodPlayerMountProps) {
  const t = useT(lang);
  const kit = kitMessagesFor(lang);
  const messages = playerMessagesFor(lang);
  const player = useStore($vodPlayer);
  const viewer = useStore($viewer);
  const reporter = useRef<ProgressReporter | null>(null);

  // The telemetry queue ready before this player's session may end with the page (issue 37).
  useEffect(prepareTelemetry, []);
  useEffect(() => {
    loadPlayPositions();
    void startPlayback(request).then((outcome) => {
      if (outcome === 'login') window.location.assign(loginHref(new URL(window.location.href)));
    });
  }, [request]);

  const item = player.state === 'ready' ? player.item : null;
  const seq = player.state === 'ready' ? player.seq : 0;
  // One reporter per item: created when it starts playing, stopped (last position sent) when it is left.
  // biome-ignore lint/correctness/useExhaustiveDependencies: seq identifies the item; its fields do not change.
  useEffect(() => {
    const report = item?.report;
    if (!report) return;
    const r = createProgressReporter({
      item: report,
      intervalSeconds: reportIntervalSeconds,
      send: (body) => browserApi.vod.playProgressReport(body),
      // Outlives the page (fetch keepalive, a beacon where the browser refuses it); the next report repeats it.
      sendOnLeave: (body) =>
        void browserApi.vod.playProgressReport(body, { keepalive: true }).catch(() => {}),
    });
    reporter.current = r;
    // The stopped reporter stays current: the dialog's last report (final) can come after this cleanup (React
    // cleans a removed tree parent first), and a stopped reporter still sends a final one. The next item's
    // reporter replaces it.
    return () => r.stop();
  }, [seq, reportIntervalSeconds]);

  const close = () => {
    closePlayer();
    clearPlayRequest();
  };
  const play = (metaId: string) => void startPlayback({ metaId, kind: 'title', resume: true });

  if (player.state === 'loading') {
    return (
      <div className="vod-player-wait" role="presentation">
        <MessagesProvider messages={kit}>
          <Spinner size="lg" label={t('vod.opening')} />
        </MessagesProvider>
      </div>
    );
  }
  if (player.state === 'noAuthority') {
    // Spec §4, §8: 5001-5005 on a title is the no-authority prompt with the way to buy, not a source error.
    return (
      <MessagesProvider messages={kit}>
        <NoAuthorityDialog
          open
          viewer={viewer}
          onClose={close}
          onLogin={() => window.location.assign(loginHref(new URL(window.location.href)))}
          onPurchase={() => {
            close();
            openPurchase();
          }}
        />
      </MessagesProvider>
    );
  }
  if (player.state === 'rated') {
    // Issue 20 §2: rated above the profile; the parental PIN allows this one play (the server checks it).
    const rated = player;
    return (
      <Suspense fallback={null}>
        <RatedPinPrompt
          lang={lang}
          t={t}
          messageKey={rated.messageKey}
          onPin={(parentalPin) =>
            startPlayback({ metaId: rated.metaId, kind: rated.kind, resume: rated.resume, parentalPin })
          }
          onClose={close}
        />
      </Suspense>
    );
  }
  if (player.state === 'error') {
    return (
      <MessagesProvider messages={kit}>
        <Dialog
          open
          onClose={close}
          title={t('vod.sourceFailed')}
          footer={
            <button type="button" className={dialogButton.primary} onClick={close}>
              {t('common.ok')}
            </button>
          }
        >
          <p>{t(player.messageKey)}</p>
        </Dialog>
      </MessagesProvider>
    );
  }
  if (!item) return null;
  return (
    <VodPlayerDialog
      telemetry={telemetrySink}
      key={seq}
      src={item.src}
      expiresAt={item.expiresAt}
      onRenew={() => renewVodPlayback(item)}
      title={item.title}
      startTime={item.startTime}
      audioOnly={item.audioOnly}
      audioPosters={item.audioPosters}
      meta={item.report ? { metaId: item.report.metaId, videoType: item.report.videoType } : undefined}
      progressIntervalMs={PROGRESS_SAMPLE_MS}
      onProgress={(r) => reporter.current?.sample(r)}
      episodes={item.episodes}
      currentEpisode={item.report?.metaId}
      onEpisodeSelect={play}
      next={item.next}
      onPlayNext={(next) => play(next.metaId)}
      onClose={close}
      messages={messages}
      trackPreference={trackPreference(lang)}
      on={{ trackchange: rememberTrack }}
    />
  );
}
