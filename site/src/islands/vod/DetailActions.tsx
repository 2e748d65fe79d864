import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/index.ts';
import {
  $playPositions,
  latestPosition,
  loadPlayPositions,
  resumeSeconds,
  type ServerPosition,
} from '../../stores/progress.ts';
import { clock } from '../../stores/vodCards.ts';
import { $samePageJump } from '../../stores/vodNavigation.ts';
import { requestPlay } from '../../stores/vodPlayRequest.ts';
import { useT } from './useT.ts';

export interface DetailActionsProps {
  lang: Lang;
  metaId: string;
  /** The server's resume position (for a series: its last episode played). */
  history: ServerPosition | null;
  hasTrailer: boolean;
  /** The title favourites keep (a season or episode: its series). */
  favoriteId: string;
  /** Whether the title is a favourite, as the server rendered it; null for guests (spec §6: login first). */
  favored: boolean | null;
}

/** Play or Resume, Start over, Trailer and Favourite on the detail page. */
export default function DetailActions({
  lang,
  metaId,
  history,
  hasTrailer,
  favoriteId,
  favored: initialFavored,
}: DetailActionsProps) {
  const t = useT(lang);
  useStore($playPositions);
  const jump = useStore($samePageJump);
  const [favored, setFavored] = useState(initialFavored ?? false);
  const [busy, setBusy] = useState(false);
  const loggedIn = initialFavored !== null;

  useEffect(() => loadPlayPositions(), []);

  // Spec §2: a card for this very title only signals a same-page jump; bring the title back into view.
  useEffect(() => {
    if (!jump || jump.metaId !== metaId) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
    document.querySelector<HTMLElement>('#vod-title')?.focus({ preventScroll: true });
  }, [jump, metaId]);

  const position = latestPosition(history?.metaId ?? metaId, history);
  const resumeAt = resumeSeconds(position);

  const toggleFavorite = async () => {
    if (!loggedIn) {
      window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    setBusy(true);
    // The API client comes with the first click, not with the page.
    const { toggleFavored, $favored } = await import('../../stores/vodFavorites.ts');
    $favored.setKey(favoriteId, favored);
    const outcome = await toggleFavored(favoriteId);
    setBusy(false);
    if (outcome === 'login')
      window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    else setFavored($favored.get()[favoriteId] ?? false);
  };

  return (
    <div className="vod-actions">
      {/* One button for Play and Resume: it stays the same element when playing turns Play into Resume, so
          the player gives focus back to it on close. */}
      <button
        type="button"
        className="vod-btn vod-btn--primary"
        onClick={() => requestPlay(metaId, { resume: true })}
      >
        {resumeAt > 0 ? t('vod.resume', { time: clock(resumeAt) }) : t('vod.play')}
      </button>
      {resumeAt > 0 && (
        <button type="button" className="vod-btn" onClick={() => requestPlay(metaId, { resume: false })}>
          {t('vod.startOver')}
        </button>
      )}
      {hasTrailer && (
        <button type="button" className="vod-btn" onClick={() => requestPlay(metaId, { kind: 'trailer' })}>
          {t('vod.trailer')}
        </button>
      )}
      <button
        type="button"
        className="vod-btn"
        aria-pressed={loggedIn ? favored : undefined}
        disabled={busy}
        onClick={() => void toggleFavorite()}
      >
        {!loggedIn ? t('vod.favoriteLogin') : favored ? `♥ ${t('vod.unfavorite')}` : `♡ ${t('vod.favorite')}`}
      </button>
    </div>
  );
}
