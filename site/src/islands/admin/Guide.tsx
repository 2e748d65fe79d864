import type { ConsoleChannel, ConsoleProgramme, GuideLang } from '@ottkit/api-client/contract';
import { ConsoleTable } from '@ottkit/ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ChannelPicker } from './ChannelPicker.tsx';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { GuideImport } from './GuideImport.tsx';
import { focusSoon } from './IconButton.tsx';
import { hhmm, ProgrammeForm } from './ProgrammeForm.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * /admin/guide (issue 18 §3): pick a channel and a UTC day, see its programmes, edit one (editors), import an
 * XMLTV guide as a job. Support sees the programmes read-only.
 */
export default function Guide({ lang, canEdit }: { lang: Lang; canEdit: boolean }) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const id = useId();
  const [channels, setChannels] = useState<ConsoleChannel[]>([]);
  const [channelId, setChannelId] = useState('');
  const [day, setDay] = useState(today);
  const [guideLang, setGuideLang] = useState<GuideLang>(lang as GuideLang);
  const [programmes, setProgrammes] = useState<ConsoleProgramme[] | null>(null);
  const [editing, setEditing] = useState<ConsoleProgramme | undefined>();
  const { busy, outcome, act } = useConsoleAction(t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(async () => {
      const { channels: list } = await consoleApi.operator.lineupList({});
      setChannels(list);
      setChannelId((current) => current || list[0]?.logicalChannelId || '');
    });
  }, []);

  // The day last asked for: an answer for a channel, day or language picked before it is dropped, not shown.
  const asked = useRef('');
  const load = useCallback(async () => {
    if (!channelId || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    const key = `${channelId} ${day} ${guideLang}`;
    asked.current = key;
    const d = await consoleApi.operator.lineupGuideDay({ logicalChannelId: channelId, day, lang: guideLang });
    if (asked.current === key) setProgrammes(d.programmes);
  }, [channelId, day, guideLang]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the channel, day or language change
  useEffect(() => {
    setEditing(undefined);
    // The table says it is loading until the new day comes: the last one's programmes under the new channel's
    // heading could be edited for the wrong channel (an edit a journey made under load, found in issue 34's runs).
    setProgrammes(null);
    void act(load);
  }, [load]);

  const channelName = channels.find((c) => c.logicalChannelId === channelId)?.name ?? channelId;

  return (
    <div className="console-grid" data-ready={ready}>
      {!canEdit && (
        <p className="console-hint" role="note">
          {t('admin.readOnly')}
        </p>
      )}
      <section className="console-card" aria-labelledby="guide-pick-title">
        <h2 id="guide-pick-title">{t('admin.guide.pick')}</h2>
        <div className="console-form">
          <ChannelPicker
            label={t('admin.guide.channel')}
            channels={channels}
            value={channelId}
            onChange={setChannelId}
          />
          <div className="console-field">
            <label htmlFor={`${id}-day`}>{t('admin.guide.day')}</label>
            <input id={`${id}-day`} type="date" value={day} onChange={(e) => setDay(e.target.value)} />
          </div>
          <div className="console-field">
            <label htmlFor={`${id}-lang`}>{t('admin.guide.lang')}</label>
            <select
              id={`${id}-lang`}
              value={guideLang}
              onChange={(e) => setGuideLang(e.target.value as GuideLang)}
            >
              <option value="en">English</option>
              <option value="es">Español</option>
              <option value="pt">Português</option>
            </select>
          </div>
        </div>
        <Outcome outcome={outcome} />
      </section>

      {canEdit && editing && (
        <section className="console-card" aria-labelledby="programme-edit-title">
          <h2 id="programme-edit-title" tabIndex={-1}>
            {t('admin.guide.editTitle')}
          </h2>
          <ProgrammeForm
            key={`${editing.programId}-${guideLang}`}
            t={t}
            channelId={channelId}
            day={day}
            lang={guideLang}
            programme={editing}
            busy={busy || !ready}
            act={act}
            onDone={async (saved) => {
              setEditing(undefined);
              if (saved) await load();
            }}
          />
        </section>
      )}

      {canEdit && <GuideImport t={t} ready={ready} />}

      <section className="console-card console-wide" aria-labelledby="guide-day-title">
        <h2 id="guide-day-title">{t('admin.guide.programmes', { name: channelName, day })}</h2>
        <ConsoleTable
          labelledBy="guide-day-title"
          testId="programmes"
          rows={programmes ?? undefined}
          rowKey={(p) => p.programId}
          rowData={() => ({ 'data-testid': 'programme-row' })}
          empty={t('admin.guide.none')}
          loading={t('admin.loading')}
          columns={[
            { header: t('admin.guide.time'), cell: (p) => `${hhmm(p.start)}–${hhmm(p.stop)}` },
            { header: t('admin.guide.title'), rowHeader: true, cell: (p) => p.title },
            {
              header: t('admin.guide.rating'),
              cell: (p) => (p.rating ? `${p.rating.system} ${p.rating.value}` : ''),
            },
          ]}
          actionsHeader={t('admin.channels.actions')}
          actions={
            canEdit
              ? (p) => [
                  {
                    label: t('admin.guide.edit', { title: p.title }),
                    text: '✎',
                    onClick: () => {
                      setEditing(p);
                      focusSoon('programme-edit-title');
                    },
                  },
                ]
              : undefined
          }
        />
      </section>
    </div>
  );
}
