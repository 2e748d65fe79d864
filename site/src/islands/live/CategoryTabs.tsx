import { useStore } from '@nanostores/react';
import { HorizontalScroller } from '@ottkit/ui';
import { $activeColumn, $channelColumns, FAVORITES_COLUMN } from '../../stores/channels.ts';
import { $t } from '../../stores/lang.ts';
import styles from './live.module.css';

/** The categories (the operator's columns) and the favourites category, as a scrolling row of tabs. */
export function CategoryTabs() {
  const columns = useStore($channelColumns);
  const active = useStore($activeColumn);
  const t = useStore($t);
  const tabs = [
    { id: FAVORITES_COLUMN, name: t('live.favoritesColumn') },
    ...[...columns]
      .sort((a, b) => a.columnSeq - b.columnSeq)
      .map((c) => ({ id: c.columnId, name: c.columnName })),
  ];
  return (
    // Beside, not over: an arrow over the strip's ends would cover a tab's label.
    <HorizontalScroller label={t('live.categories')} arrows="beside">
      <div role="tablist" aria-label={t('live.categories')} className={styles.tabs}>
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
