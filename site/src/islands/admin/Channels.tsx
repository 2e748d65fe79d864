import type { ConsoleCategory, ConsoleChannel } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { useCallback, useEffect, useState } from 'react';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { Categories } from './Categories.tsx';
import { ChannelForm } from './ChannelForm.tsx';
import { focusSoon, moveActions } from './IconButton.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useFocusAfter } from './useFocusAfter.ts';
import { useConfirm } from './useConfirm.tsx';

type Lineup = { channels: ConsoleChannel[]; categories: ConsoleCategory[]; products: string[] };

/**
 * /admin/channels (issue 18 §2): the line-up in order with logo, category, plan and mode; editors add, edit,
 * move (buttons, so the keyboard can), delete (confirmed), and manage categories. Support sees it read-only.
 */
export default function Channels({ lang, canEdit }: { lang: Lang; canEdit: boolean }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const [lineup, setLineup] = useState<Lineup>({ channels: [], categories: [], products: [] });
  const [editing, setEditing] = useState<ConsoleChannel | undefined>(undefined);
  // A new key empties the add form after each save.
  const [formKey, setFormKey] = useState(0);
  const { busy, outcome, act } = useConsoleAction(t);
  const { confirm, dialog } = useConfirm(t);
  const focusAfter = useFocusAfter(busy);

  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    setLineup(await consoleApi.operator.lineupList({}));
    setLoaded(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(reload);
  }, [reload]);

  const categoryNames = new Map(lineup.categories.map((c) => [c.columnId, c.name]));
  const nextNumber = 1 + Math.max(0, ...lineup.channels.map((c) => c.number));

  const move = (c: ConsoleChannel, direction: 'up' | 'down') =>
    act(async () => {
      const { channels } = await consoleApi.operator.lineupChannelMove({
        logicalChannelId: c.logicalChannelId,
        direction,
      });
      setLineup((l) => ({ ...l, channels }));
      // The focus stays on the moved channel's button, which moved with its row.
      focusAfter(`move-${direction}-${c.logicalChannelId}`);
    });

  const remove = async (c: ConsoleChannel) => {
    const text =
      t('admin.channels.deleteConfirm', { name: c.name }) +
      (c.imported ? t('admin.channels.deleteImported') : '');
    if (!(await confirm(text))) return;
    void act(async () => {
      await consoleApi.operator.lineupChannelDelete({ logicalChannelId: c.logicalChannelId });
      if (editing?.logicalChannelId === c.logicalChannelId) setEditing(undefined);
      await reload();
      return t('admin.channels.deleted', { name: c.name });
    });
  };

  const saved = async (c: ConsoleChannel | undefined) => {
    if (c) await reload();
    // Emptied (and numbered after the new last channel) once the line-up is read again.
    setEditing(undefined);
    setFormKey((k) => k + 1);
  };

  return (
    <div className="console-grid console-lineup" data-ready={ready}>
      {!canEdit && (
        <p className="console-hint" role="note">
          {t('admin.readOnly')}
        </p>
      )}
      <Outcome outcome={outcome} />
      {canEdit && (
        <section className="console-card" aria-labelledby="channel-edit-title">
          <h2 id="channel-edit-title" tabIndex={-1}>
            {editing ? t('admin.channels.editTitle', { name: editing.name }) : t('admin.channels.add')}
          </h2>
          <ChannelForm
            key={editing?.logicalChannelId ?? `new-${formKey}`}
            t={t}
            channel={editing}
            categories={lineup.categories}
            products={lineup.products}
            nextNumber={nextNumber}
            busy={busy || !ready}
            act={act}
            onDone={saved}
          />
        </section>
      )}

      <Categories
        t={t}
        canEdit={canEdit}
        categories={lineup.categories}
        busy={busy || !ready}
        act={act}
        reload={reload}
        focusAfter={focusAfter}
      />

      <section className="console-card console-wide" aria-labelledby="lineup-title">
        <h2 id="lineup-title">{t('admin.channels.list')}</h2>
        <p className="console-hint">{t('admin.channels.count', { count: lineup.channels.length })}</p>
        <ConsoleTable
          labelledBy="lineup-title"
          testId="lineup"
          rows={loaded ? lineup.channels : undefined}
          rowKey={(c) => c.logicalChannelId}
          rowData={(c) => ({ 'data-testid': 'channel-row', 'data-id': c.logicalChannelId })}
          empty={t('admin.channels.count', { count: 0 })}
          loading={t('admin.loading')}
          columns={[
            { header: t('admin.channels.number'), cell: (c) => c.number },
            {
              header: t('admin.channels.logo'),
              cell: (c) => (
                <img className="console-logo" src={c.iconUrl} alt="" width={64} height={36} loading="lazy" />
              ),
            },
            {
              header: t('admin.channels.name'),
              rowHeader: true,
              cell: (c) => (
                <>
                  {c.name}
                  {c.imported && <span className="console-hint"> · {t('admin.channels.imported')}</span>}
                </>
              ),
            },
            {
              header: t('admin.channels.category'),
              cell: (c) =>
                c.columnIds.map((id) => categoryNames.get(id) ?? id).join(', ') ||
                t('admin.channels.noCategory'),
            },
            { header: t('admin.channels.plan'), cell: (c) => c.productId },
            { header: t('admin.channels.mode'), cell: (c) => t(`admin.channels.mode.${c.mode}`) },
          ]}
          actionsHeader={t('admin.channels.actions')}
          actions={(c, i) => [
            ...(canEdit
              ? [
                  ...moveActions({
                    t,
                    name: c.name,
                    idOf: (d) => `move-${d}-${c.logicalChannelId}`,
                    first: i === 0,
                    last: i === lineup.channels.length - 1,
                    busy,
                    onMove: (d) => void move(c, d),
                  }),
                  {
                    label: t('admin.channels.edit', { name: c.name }),
                    text: '✎',
                    onClick: () => {
                      setEditing(c);
                      focusSoon('channel-edit-title');
                    },
                  },
                  {
                    label: t('admin.channels.delete', { name: c.name }),
                    text: '✕',
                    disabled: busy,
                    onClick: () => remove(c),
                  },
                ]
              : []),
            {
              label: t('admin.channels.sources', { name: c.name }),
              text: t('admin.channels.sourcesShort'),
              href: `/admin/live?channel=${encodeURIComponent(c.logicalChannelId)}`,
            },
          ]}
        />
      </section>
      {dialog}
    </div>
  );
}
