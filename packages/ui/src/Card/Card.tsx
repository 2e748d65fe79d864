import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { LockIcon, PlayIcon, WarningIcon } from '../icons/index.ts';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './Card.module.css';
import {
  CARD_HOVER_DELAY_MS,
  type CardAspect,
  cardActions,
  EPG_SOURCE_EXPIRED,
  formatRating,
  remainingPlaybackTime,
} from './cardRules.ts';

/** The card fields shown (spec §3 Card); `poster` is the image url the site picked for the aspect. */
export interface CardItem {
  cardId: string;
  metaId: string;
  metaType: string;
  title: string;
  poster: string;
  rating?: number | null;
  locked?: boolean;
  /** Playback allowed until (epoch ms); shows the remaining-time badge. */
  playbackValidTime?: number | null;
  /** 0 missing, 1 normal, 2 expired (warning icon). */
  epgSourceStatus?: number;
}

export interface CardProps {
  card: CardItem;
  /** Show the title under the poster (it is always the accessible name). */
  showTitle?: boolean;
  aspect?: CardAspect;
  /** Now (epoch ms) for the remaining-time badge; without it no badge is shown (keeps server and client equal). */
  now?: number;
  /** Link to the detail page; the card renders an anchor when given. */
  href?: string;
  /** Edit mode: the card becomes a checkbox for multi-delete and has no popover. */
  editMode?: boolean;
  selected?: boolean;
  onSelectedChange?: (cardId: string, selected: boolean) => void;
  /** Card click (spec §2: leads to the detail page). */
  onOpen?: (card: CardItem) => void;
  onPlay?: (card: CardItem) => void;
  onDetails?: (card: CardItem) => void;
  /** Hover delay before the popover opens (spec: 500 ms). */
  hoverDelay?: number;
  /** Load the poster at once (cards in view when the page opens); lazily otherwise. */
  eager?: boolean;
  /** Writes a date (epoch ms) in the viewer's language, for a far-off "Until …" badge; default ISO (YYYY-MM-DD). */
  formatDate?: (epochMs: number) => string;
}

const isoDate = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

type PopoverState = 'idle' | 'pending' | 'open';

/**
 * A content card (spec §2): poster, optional title, lock, rating, remaining-time badge, edit-mode checkbox,
 * expired-guide warning, and after 500 ms of hover (or at once on keyboard focus) a 1.2x popover with Play
 * (not for SERIES) and Details. `data-state`: `idle|pending|open`; `data-mode`: `view|edit`.
 *
 * @example <Card card={item} href={`/vod/detail/${item.metaId}`} onPlay={play} onDetails={open} />
 */
export function Card({
  card,
  showTitle = true,
  aspect = '16:9',
  now,
  href,
  editMode = false,
  selected = false,
  onSelectedChange,
  onOpen,
  onPlay,
  onDetails,
  hoverDelay = CARD_HOVER_DELAY_MS,
  eager = false,
  formatDate = isoDate,
}: CardProps) {
  const messages = useMessages();
  const [popover, setPopover] = useState<PopoverState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mainRef = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  /**
   * A press in progress: the focus it brings is a pointer's, not the keyboard's. Opening the popover then
   * would cover the card between press and release, and the browser would send the click to neither.
   */
  const pressing = useRef(false);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clearTimer, [clearTimer]);
  useEffect(() => {
    if (editMode) {
      clearTimer();
      setPopover('idle');
    }
  }, [editMode, clearTimer]);

  const startHover = () => {
    if (editMode || popover !== 'idle') return;
    setPopover('pending');
    timer.current = setTimeout(() => {
      timer.current = null;
      setPopover('open');
    }, hoverDelay);
  };
  const close = () => {
    clearTimer();
    setPopover('idle');
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && popover !== 'idle') close();
  };

  const rating = formatRating(card.rating);
  const remaining = now === undefined ? null : remainingPlaybackTime(card.playbackValidTime, now);
  const remainingText =
    remaining &&
    (remaining.unit === 'until'
      ? formatMessage(messages.cardAvailableUntil, { date: formatDate(remaining.value) })
      : formatMessage(
          remaining.unit === 'days'
            ? messages.cardRemainingDays
            : remaining.unit === 'hours'
              ? messages.cardRemainingHours
              : messages.cardRemainingMinutes,
          { [remaining.unit]: remaining.value },
        ));
  const expired = card.epgSourceStatus === EPG_SOURCE_EXPIRED;
  const descriptionId = useId();
  const description = [
    card.locked && messages.cardLocked,
    expired && messages.cardEpgExpired,
    rating && formatMessage(messages.cardRating, { rating }),
    remainingText,
  ]
    .filter(Boolean)
    .join(', ');
  const describedBy = description ? descriptionId : undefined;
  const actions = cardActions(card.metaType);

  // The badges are looks for assistive tech: lock, warning, rating and time left reach it as the description.
  const poster = (
    <span className={styles.poster} aria-hidden="true">
      <img src={card.poster} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" />
      <span className={styles.badges}>
        {card.locked && (
          <span className={styles.badge} data-badge="lock" role="img" aria-label={messages.cardLocked}>
            <LockIcon size={14} />
          </span>
        )}
        {expired && (
          <span className={styles.badge} data-badge="warning" role="img" aria-label={messages.cardEpgExpired}>
            <WarningIcon size={14} />
          </span>
        )}
      </span>
      {rating && (
        <span className={styles.rating} data-badge="rating">
          <span aria-hidden="true">★ </span>
          {rating}
        </span>
      )}
      {remainingText && (
        <span className={styles.remaining} data-badge="remaining">
          {remainingText}
        </span>
      )}
    </span>
  );
  // The title names the link or button (no aria-label: a name must hold the text a viewer sees, WCAG 2.5.3).
  const title = showTitle ? (
    <span className={styles.title}>{card.title}</span>
  ) : (
    <VisuallyHidden>{card.title}</VisuallyHidden>
  );

  let main: ReactNode;
  if (editMode) {
    main = (
      <label className={styles.main}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={selected}
          aria-label={formatMessage(messages.cardSelect, { title: card.title })}
          onChange={(event) => onSelectedChange?.(card.cardId, event.currentTarget.checked)}
        />
        {poster}
        {title}
      </label>
    );
  } else if (href) {
    main = (
      <a
        ref={mainRef}
        className={styles.main}
        href={href}
        aria-describedby={describedBy}
        onClick={() => onOpen?.(card)}
      >
        {poster}
        {title}
      </a>
    );
  } else {
    main = (
      <button
        ref={mainRef}
        type="button"
        className={styles.main}
        aria-describedby={describedBy}
        onClick={() => onOpen?.(card)}
      >
        {poster}
        {title}
      </button>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only open a preview; every action is a real control inside.
    <div
      className={styles.card}
      data-state={popover}
      data-mode={editMode ? 'edit' : 'view'}
      data-aspect={aspect}
      data-selected={editMode ? String(selected) : undefined}
      onMouseEnter={startHover}
      onMouseLeave={close}
      onPointerDown={() => {
        pressing.current = true;
      }}
      onPointerUp={() => {
        pressing.current = false;
      }}
      onPointerCancel={() => {
        pressing.current = false;
      }}
      onFocus={() => {
        if (editMode || pressing.current) return;
        // Keyboard users get the popover at once so Play and Details follow in the tab order.
        clearTimer();
        setPopover('open');
      }}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {main}
      {description && (
        <span id={descriptionId} hidden>
          {description}
        </span>
      )}
      {popover === 'open' && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer convenience; keyboard users have the card link and Details.
        // biome-ignore lint/a11y/noStaticElementInteractions: as above.
        <div
          className={styles.popover}
          data-testid="card-popover"
          onClick={(event) => {
            // The enlarged poster covers the card: a click on it (not on Play or Details) is a click on the card,
            // so a link card navigates as its link does (onOpen comes from that click).
            if (!(event.target as Element).closest('button')) mainRef.current?.click();
          }}
        >
          <img className={styles.popoverImage} src={card.poster} alt="" />
          <span className={styles.popoverTitle}>{card.title}</span>
          <span className={styles.popoverActions}>
            {actions.includes('play') && (
              <button type="button" className={styles.play} onClick={() => onPlay?.(card)}>
                <PlayIcon size={16} />
                {messages.play}
              </button>
            )}
            <button type="button" className={styles.details} onClick={() => onDetails?.(card)}>
              {messages.details}
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
