import type { SubscriberPlay } from '@ottkit/api-client/contract';
import type { AdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { when } from './when.ts';

function line(p: SubscriberPlay, t: AdminT): string {
  if (p.kind === 'live') return t('admin.subscribers.playLive', { name: p.name });
  if (p.kind === 'catchup') return t('admin.subscribers.playCatchup', { name: p.name });
  if (p.seasonNo !== null && p.episodeNo !== null)
    return t('admin.subscribers.playEpisode', { name: p.name, season: p.seasonNo, episode: p.episodeNo });
  return t('admin.subscribers.playTitle', { name: p.name });
}

/** A subscriber's recent plays, read-only (issue 18 §7, decision 0237); `null` while loading. */
export function SubscriberPlays({
  plays,
  lang,
  t,
}: {
  plays: SubscriberPlay[] | null;
  lang: Lang;
  t: AdminT;
}) {
  return (
    <section data-testid="subscriber-plays" aria-labelledby="subscriber-plays-title">
      <h4 id="subscriber-plays-title">{t('admin.subscribers.plays')}</h4>
      {plays?.length === 0 && <p>{t('admin.subscribers.noPlays')}</p>}
      <ul>
        {plays?.map((p) => (
          <li key={`${p.kind}-${p.id}`}>
            <time dateTime={new Date(p.at).toISOString()}>{when(p.at, lang)}</time> · {line(p, t)}
          </li>
        ))}
      </ul>
    </section>
  );
}
