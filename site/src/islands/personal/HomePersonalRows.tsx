import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/index.ts';
import type { CardListTexts } from '../../i18n/kit.ts';
import { type PersonalRows, loadPersonalRows, percentWatched } from '../../stores/continueWatching.ts';
import { cardItemOf } from '../../stores/vodCards.ts';
import { initSession } from '../../stores/session.ts';
import VodCardList from '../vod/VodCardList.tsx';

interface Props {
  lang: Lang;
  /** Whether the request carried a session cookie: without one there is nobody to ask for. */
  signedIn: boolean;
  visitorMode: boolean;
  /** Layout config more_like_this_switch. */
  moreLikeThis: boolean;
  /** Texts in the page language, translated on the server. `progress` has a `{percent}` placeholder. */
  texts: { continueWatching: string; progress: string; moreLikeThis: string };
  /** The kit's texts for the cards (`cardListTexts(lang)`, on the server). */
  cardTexts: CardListTexts;
}

/**
 * The personal rows of /home: continue watching and more like this. They render nothing on the server (the
 * public part of home is shared and cached, decision 0131) and appear once a logged-in user's history is in.
 */
export default function HomePersonalRows({
  lang,
  signedIn,
  visitorMode,
  moreLikeThis,
  texts,
  cardTexts,
}: Props) {
  const [rows, setRows] = useState<PersonalRows | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void initSession({ visitorMode }).then(async (s) => {
      if (cancelled || s.user?.loginStatus !== 'user') return;
      try {
        const loaded = await loadPersonalRows({ moreLikeThis });
        if (!cancelled) setRows(loaded);
      } catch {
        // No personal rows: the public home is complete without them.
      }
    });
    return () => {
      cancelled = true;
    };
  }, [signedIn, visitorMode, moreLikeThis]);

  if (!rows) return null;
  const now = Date.now();
  return (
    <>
      {rows.continueWatching.length > 0 && (
        <section className="vod-row" aria-labelledby="row-continue">
          <h2 id="row-continue">{texts.continueWatching}</h2>
          <VodCardList
            lang={lang}
            texts={cardTexts}
            layout="row"
            label={texts.continueWatching}
            cards={rows.continueWatching.map((h) => cardItemOf(h))}
            progress={Object.fromEntries(rows.continueWatching.map((h) => [h.cardId, percentWatched(h)]))}
            progressLabel={texts.progress}
            now={now}
          />
        </section>
      )}
      {rows.moreLikeThis && (
        <section className="vod-row" aria-labelledby="row-more-like">
          <h2 id="row-more-like">
            {texts.moreLikeThis} · {rows.moreLikeThis.title}
          </h2>
          <VodCardList
            lang={lang}
            texts={cardTexts}
            layout="row"
            label={texts.moreLikeThis}
            cards={rows.moreLikeThis.cards.map((c) => cardItemOf(c))}
            now={now}
          />
        </section>
      )}
    </>
  );
}
