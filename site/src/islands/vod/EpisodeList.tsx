import type { Lang } from '../../i18n/index.ts';
import { durationText } from '../../stores/vodCards.ts';
import { detailHref } from '../../stores/vodNavigation.ts';
import { requestPlay } from '../../stores/vodPlayRequest.ts';
import { useT } from './useT.ts';

export interface EpisodeRow {
  metaId: string;
  episode: number;
  title: string;
  plot: string;
  duration: number;
  landscape: string;
  locked: boolean;
}

export interface EpisodeListProps {
  lang: Lang;
  episodes: EpisodeRow[];
  /** The episode whose detail page this is. */
  currentMetaId?: string | null;
}

/** The episodes of a season: each opens its detail page or plays at once. */
export default function EpisodeList({ lang, episodes, currentMetaId }: EpisodeListProps) {
  const t = useT(lang);
  return (
    <ol className="vod-episodes">
      {episodes.map((ep) => (
        <li
          key={ep.metaId}
          className="vod-episode"
          aria-current={ep.metaId === currentMetaId ? 'true' : undefined}
        >
          <img src={ep.landscape} alt="" width={192} height={108} loading="lazy" decoding="async" />
          <div className="vod-episode__text">
            <a href={detailHref(ep.metaId)} className="vod-episode__title">
              {ep.episode}. {ep.title}
            </a>
            <span className="vod-meta">{durationText(t, ep.duration)}</span>
            <p className="vod-episode__plot">{ep.plot}</p>
          </div>
          <button
            type="button"
            className="vod-btn vod-btn--primary"
            aria-label={t('vod.playEpisode', { episode: ep.episode, title: ep.title })}
            onClick={() => requestPlay(ep.metaId)}
          >
            ▶ {t('vod.play')}
          </button>
        </li>
      ))}
    </ol>
  );
}
