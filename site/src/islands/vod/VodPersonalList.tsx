import { useStore } from '@nanostores/react';
import type { HistoryItem } from '@ottkit/api-client';
import { Card, EmptyTip, MessagesProvider, Spinner } from '@ottkit/ui';
import { useEffect } from 'react';
import type { Lang } from '../../i18n/index.ts';
import { dateFormat } from '../../i18n/format.ts';
import { cardItemOf } from '../../stores/vodCards.ts';
import type { EditableListState } from '../../stores/vodEditableList.ts';
import {
  $vodFavorites,
  deleteSelectedFavorites,
  loadFavorites,
  selectAllFavorites,
  setFavoritesEditMode,
  toggleFavoriteSelected,
} from '../../stores/vodFavorites.ts';
import {
  $vodHistory,
  deleteSelectedHistory,
  loadHistory,
  selectAllHistory,
  setHistoryEditMode,
  toggleHistorySelected,
} from '../../stores/vodHistory.ts';
import { detailHref } from '../../stores/vodNavigation.ts';
import { requestPlay } from '../../stores/vodPlayRequest.ts';
import { kitMessagesFor } from '../../i18n/kit.ts';
import { useT } from './useT.ts';

export interface VodPersonalListProps {
  lang: Lang;
  kind: 'favorites' | 'history';
  now: number;
}

const lists = {
  favorites: {
    $list: $vodFavorites,
    load: loadFavorites,
    setEditMode: setFavoritesEditMode,
    toggle: toggleFavoriteSelected,
    selectAll: selectAllFavorites,
    deleteSelected: deleteSelectedFavorites,
  },
  history: {
    $list: $vodHistory,
    load: loadHistory,
    setEditMode: setHistoryEditMode,
    toggle: toggleHistorySelected,
    selectAll: selectAllHistory,
    deleteSelected: deleteSelectedHistory,
  },
};

const isHistory = (item: unknown): item is HistoryItem =>
  typeof item === 'object' && item !== null && 'position' in item;

/** Favourite or watched titles with edit mode (tick several, delete them at once). */
export default function VodPersonalList({ lang, kind, now }: VodPersonalListProps) {
  const t = useT(lang);
  const messages = kitMessagesFor(lang);
  const list = lists[kind];
  const state = useStore(list.$list) as EditableListState<
    { metaId: string } & Parameters<typeof cardItemOf>[0]
  >;

  useEffect(() => {
    void list.load();
    // Back from another tab: the history may have moved on (the 5 s cache keeps this cheap).
    const onShow = () => {
      if (document.visibilityState === 'visible') void list.load();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [list]);

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <MessagesProvider messages={messages}>
        <Spinner />
      </MessagesProvider>
    );
  }
  if (state.status === 'login') {
    return (
      <p className="notice">
        {t('vod.loginForList')} <a href={`/login?redirect=/${kind}`}>{t('vod.login')}</a>
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p className="notice" role="alert">
        {t('vod.loadFailed')}{' '}
        <button type="button" className="vod-link" onClick={() => void list.load(true)}>
          {t('common.tryAgain')}
        </button>
      </p>
    );
  }
  const { items, editMode, selected, deleting, deleteFailed } = state;
  return (
    <MessagesProvider messages={messages}>
      {items.length > 0 && (
        <div className="vod-toolbar" data-mode={editMode ? 'edit' : 'view'}>
          <button type="button" className="vod-btn" onClick={() => list.setEditMode(!editMode)}>
            {editMode ? t('vod.done') : t('vod.edit')}
          </button>
          {editMode && (
            <>
              <button type="button" className="vod-btn" onClick={list.selectAll}>
                {t('vod.selectAll')}
              </button>
              <button
                type="button"
                className="vod-btn vod-btn--danger"
                disabled={selected.length === 0 || deleting}
                onClick={() => void list.deleteSelected()}
              >
                {t('vod.deleteSelected', { count: selected.length })}
              </button>
            </>
          )}
        </div>
      )}
      {deleteFailed && (
        <p className="notice" role="alert">
          {t('error.deleteFailed')}
        </p>
      )}
      {items.length === 0 ? (
        <EmptyTip text={t('common.emptyList')} />
      ) : (
        <ul
          className="vod-cards vod-cards--grid"
          aria-label={t(kind === 'favorites' ? 'vod.favorites.titles' : 'vod.history.titles')}
        >
          {items.map((item) => (
            <li key={item.metaId} className="vod-cards__item">
              <Card
                card={{ ...cardItemOf(item), cardId: item.metaId }}
                now={now}
                formatDate={dateFormat(lang)}
                href={detailHref(item.metaId)}
                editMode={editMode}
                selected={selected.includes(item.metaId)}
                onSelectedChange={(id, on) => list.toggle(id, on)}
                onPlay={(c) => requestPlay(c.metaId)}
                onDetails={(c) => window.location.assign(detailHref(c.metaId))}
              />
              {isHistory(item) && item.position.totalDuration > 0 && (
                <progress
                  className="vod-progress"
                  max={100}
                  value={Math.round(item.position.playProgress)}
                  aria-label={t('vod.history.progress', { percent: Math.round(item.position.playProgress) })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </MessagesProvider>
  );
}
