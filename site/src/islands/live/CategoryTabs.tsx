import { useStore } from '@nanostores/react';
import { HorizontalScroller } from '@ottkit/ui';
import { useEffect, useRef } from 'react';
import { scrollToReveal } from '../../lib/stripReveal.ts';
import { $activeColumn, $channelColumns, FAVORITES_COLUMN } from '../../stores/channels.ts';
import { $t } from '../../stores/lang.ts';
import styles from './live.module.css';

/** The categories (the operator's columns) and the favourites category, as a scrolling row of tabs. */
export function CategoryTabs() {
  const columns = useStore($channelColumns);
  const active = useStore($activeColumn);
  const t = useStore($t);
  const list = useRef<HTMLDivElement>(null);
  // The selected tab is scrolled into the strip's view: after a reload the page opens on the channel's category,
  // which may sit past the strip's right edge (issue 36). Only the strip moves, never the page. Again when the
  // strip changes width: its arrows appear after the first render and take room from it.
  useEffect(() => {
    // The scroller's viewport is the tab list's parent.
    const strip = list.current?.parentElement;
    const tab = list.current?.querySelector<HTMLElement>(`[data-column="${CSS.escape(active)}"]`);
    if (!tab || !strip) return;
    const reveal = () => {
      const box = tab.getBoundingClientRect();
      const start = box.left - strip.getBoundingClientRect().left + strip.scrollLeft;
      strip.scrollLeft = scrollToReveal(start, box.width, strip.scrollLeft, strip.clientWidth);
    };
    reveal();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reveal);
    observer?.observe(strip);
    return () => observer?.disconnect();
  }, [active]);
  const tabs = [
    { id: FAVORITES_COLUMN, name: t('live.favoritesColumn') },
    ...[...columns]
      .sort((a, b) => a.columnSeq - b.columnSeq)
      .map((c) => ({ id: c.columnId, name: c.columnName })),
  ];
  return (
    // Beside, not over: an arrow over the strip's ends would cover a tab's label.
    <HorizontalScroller label={t('live.categories')} arrows="beside">
      <div ref={list} role="tablist" aria-label={t('live.categories')} className={styles.tabs}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === active}
            data-column={tab.id}
            className={styles.tab}
            onClick={() => $activeColumn.set(tab.id)}
          >
            {tab.name}
          </button>
        ))}
      </div>
    </HorizontalScroller>
  );
}
