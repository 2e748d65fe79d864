import { Card, type CardItem, HorizontalScroller, MessagesProvider } from '@ottkit/ui';
import type { Lang } from '../../i18n/index.ts';
import { dateFormat } from '../../i18n/format.ts';
import { detailHref, openCard } from '../../stores/vodNavigation.ts';
import { requestPlay } from '../../stores/vodPlayRequest.ts';
import type { CardListTexts } from '../../i18n/kit.ts';

export interface VodCardListProps {
  lang: Lang;
  /** The kit's texts for the cards, in the page's language (`cardListTexts(lang)`, on the server). */
  texts: CardListTexts;
  cards: CardItem[];
  /** A home row (scrolls sideways) or a grid (categories, search, people). */
  layout: 'row' | 'grid';
  /** Accessible name of the row or grid. */
  label: string;
  aspect?: '16:9' | '2:3';
  /** The detail page this list is on: its own card only signals a same-page jump (spec §2). */
  currentMetaId?: string | null;
  /** Render time (epoch ms) for the remaining-time badge, the same on server and client. */
  now?: number;
  /** How many posters, from the first, load at once: a list in view when the page opens (else lazily). */
  eagerCount?: number;
  /** How much of each title was watched (percent by cardId), shown as a bar under its card (continue watching). */
  progress?: Record<string, number>;
  /** The bar's accessible name, with a `{percent}` placeholder. */
  progressLabel?: string;
}

const here = () => (typeof window === 'undefined' ? null : new URL(window.location.href));

/** Cards of a playlist row or grid: click and Details open the detail page, Play opens the player. */
export default function VodCardList({
  lang,
  texts,
  cards,
  layout,
  label,
  aspect = '16:9',
  currentMetaId,
  now,
  eagerCount = 0,
  progress,
  progressLabel = '{percent}%',
}: VodCardListProps) {
  const onDetails = (card: CardItem) => {
    if (openCard(card.metaId, here()) === 'navigate') window.location.assign(detailHref(card.metaId, here()));
  };
  const items = cards.map((card, index) => (
    <li key={card.cardId} className="vod-cards__item">
      <Card
        card={card}
        aspect={aspect}
        now={now}
        formatDate={dateFormat(lang)}
        eager={index < eagerCount}
        href={card.metaId === currentMetaId ? undefined : detailHref(card.metaId)}
        onOpen={(c) => openCard(c.metaId, here())}
        onPlay={(c) => requestPlay(c.metaId)}
        onDetails={onDetails}
      />
      {progress?.[card.cardId] !== undefined && (
        <progress
          className="vod-progress"
          max={100}
          value={progress[card.cardId]}
          aria-label={progressLabel.replace('{percent}', String(progress[card.cardId]))}
        />
      )}
    </li>
  ));
  return (
    <MessagesProvider messages={texts}>
      {layout === 'row' ? (
        <HorizontalScroller label={label}>
          <ul className="vod-cards vod-cards--row" data-aspect={aspect}>
            {items}
          </ul>
        </HorizontalScroller>
      ) : (
        <ul className="vod-cards vod-cards--grid" data-aspect={aspect} aria-label={label}>
          {items}
        </ul>
      )}
    </MessagesProvider>
  );
}
