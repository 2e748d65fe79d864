import { homeBannerAdd, homeRowAdd } from '@ottkit/api-client/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Field, SelectField } from './Field.tsx';
import { useConsoleForm } from './useConsoleForm.ts';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConfirm } from './useConfirm.tsx';

type Layout = Awaited<ReturnType<typeof consoleApi.operator.homeGet>>;
type Item = { id: string; name: string };
const RULES = [
  ['newest', 'admin.homeLayout.rule.newest'],
  ['top-rated', 'admin.homeLayout.rule.topRated'],
  ['type:movie', 'admin.homeLayout.rule.movies'],
  ['type:kids', 'admin.homeLayout.rule.kids'],
] as const;

/** Swaps item i with its neighbour (-1 up, +1 down): the new order of ids. */
const moved = (items: Item[], i: number, by: -1 | 1) => {
  const ids = items.map((x) => x.id);
  const j = i + by;
  [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  return ids;
};

/**
 * /admin/homepage (issue 18 §4): the home page's banners and rows, moved up and down, added and removed (with
 * a confirmation). Support sees the lists without the buttons; the server refuses its changes anyway.
 */
export default function HomeLayout({ lang, canEdit }: { lang: Lang; canEdit: boolean }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [layout, setLayout] = useState<Layout | null>(null);
  const banner = useConsoleForm({ metaId: '' });
  const row = useConsoleForm({ name: '', rule: 'newest' });
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(async () => setLayout(await consoleApi.operator.homeGet({})));
  }, []);

  const change = (work: () => Promise<Layout>) =>
    act(async () => {
      setLayout(await work());
      return t('admin.homeLayout.saved');
    });

  const reorder = (kind: 'banners' | 'rows', ids: string[]) =>
    kind === 'banners'
      ? consoleApi.operator.homeBannerOrder({ bannerItemIds: ids })
      : consoleApi.operator.homeRowOrder({ playlistIds: ids });

  const list = (kind: 'banners' | 'rows', items: Item[]) => (
    <ol className="console-list" data-testid={`home-${kind}`}>
      {items.map((x, i) => (
        <li key={x.id} className="console-actions">
          <span>{x.name}</span>
          {canEdit && (
            <>
              <button
                type="button"
                className="console-button secondary"
                disabled={busy || !ready || i === 0}
                aria-label={t('admin.homeLayout.up', { name: x.name })}
                onClick={() => void change(() => reorder(kind, moved(items, i, -1)))}
              >
                ↑
              </button>
              <button
                type="button"
                className="console-button secondary"
                disabled={busy || !ready || i === items.length - 1}
                aria-label={t('admin.homeLayout.down', { name: x.name })}
                onClick={() => void change(() => reorder(kind, moved(items, i, 1)))}
              >
                ↓
              </button>
              <button
                type="button"
                className="console-button secondary"
                disabled={busy || !ready}
                onClick={async () => {
                  const asked = t('admin.homeLayout.removeConfirm', { name: x.name });
                  if (!(await confirm(asked, t('admin.homeLayout.remove', { name: x.name })))) return;
                  void change(() =>
                    kind === 'banners'
                      ? consoleApi.operator.homeBannerRemove({ bannerItemId: x.id })
                      : consoleApi.operator.homeRowRemove({ playlistId: x.id }),
                  );
                }}
              >
                {t('admin.homeLayout.remove', { name: x.name })}
              </button>
            </>
          )}
        </li>
      ))}
    </ol>
  );

  const addBanner = (e: FormEvent) => {
    e.preventDefault();
    const input = { metaId: banner.values.metaId.trim() };
    if (banner.check(homeBannerAdd, input, () => t('admin.homeLayout.error.metaId')))
      void change(() => consoleApi.operator.homeBannerAdd(input));
  };
  const addRow = (e: FormEvent) => {
    e.preventDefault();
    const input = { name: row.values.name.trim(), rule: row.values.rule };
    if (row.check(homeRowAdd, input, () => t('admin.homeLayout.error.name')))
      void change(() => consoleApi.operator.homeRowAdd(input));
  };

  return (
    <div className="console-grid" data-ready={ready}>
      <section className="console-card" aria-labelledby="home-banners">
        <h2 id="home-banners">{t('admin.homeLayout.banners')}</h2>
        {layout &&
          list(
            'banners',
            layout.banners.map((b) => ({ id: b.bannerItemId, name: b.title })),
          )}
        {canEdit && (
          <form className="console-form" onSubmit={addBanner} noValidate>
            <Field label={t('admin.homeLayout.titleId')} {...banner.bind('metaId')} />
            <button type="submit" className="console-button" disabled={busy || !ready}>
              {t('admin.homeLayout.addBannerButton')}
            </button>
          </form>
        )}
      </section>
      <section className="console-card" aria-labelledby="home-rows">
        <h2 id="home-rows">{t('admin.homeLayout.rows')}</h2>
        {layout &&
          list(
            'rows',
            layout.rows.map((r) => ({ id: r.playlistId, name: r.name })),
          )}
        {canEdit && (
          <form className="console-form" onSubmit={addRow} noValidate>
            <Field label={t('admin.homeLayout.rowName')} {...row.bind('name')} />
            <SelectField label={t('admin.homeLayout.rule')} {...row.bind('rule')}>
              {RULES.map(([rule, key]) => (
                <option key={rule} value={rule}>
                  {t(key)}
                </option>
              ))}
            </SelectField>
            <button type="submit" className="console-button" disabled={busy || !ready}>
              {t('admin.homeLayout.addRowButton')}
            </button>
          </form>
        )}
      </section>
      <Outcome outcome={outcome} />
      {dialog}
    </div>
  );
}
