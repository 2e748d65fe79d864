import type { ConsoleChannel, LiveChannelView } from '@ottkit/api-client/contract';
import { liveSourcesSet, MAX_RETENTION_DAYS } from '@ottkit/api-client/contract';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { ChannelPicker } from './ChannelPicker.tsx';
import { createAdminT } from '../../i18n/admin.ts';
import type { Lang } from '../../i18n/langs.ts';
import { consoleApi } from '../../lib/console.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import {
  $liveChannels,
  liveChannel,
  loadLiveChannels,
  moveSource,
  switchToSource,
  saveLiveSources,
} from '../../stores/console/liveInputs.ts';
import { Field, SelectField, TextAreaField } from './Field.tsx';
import { LiveChannelHealth } from './LiveChannelHealth.tsx';
import { LiveInputTest } from './LiveInputTest.tsx';
import { Outcome, useConsoleAction } from './useConsoleAction.tsx';
import { useConsoleForm } from './useConsoleForm.ts';

type Draft = {
  sources: string;
  mode: 'relay' | 'record';
  retentionDays: string;
  video: LiveChannelView['video'];
};
/** The editor's sources: one per line, blank lines dropped. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const draftOf = (c: LiveChannelView): Draft => ({
  sources: c.sources.map((s) => s.url).join('\n'),
  mode: c.mode,
  retentionDays: String(c.retentionDays),
  video: c.video,
});

/**
 * /admin/live (issue 17, decision 0255): every channel with live sources and each source's health, polled; an
 * editor edits a channel's sources (one per line, primary first), its mode and its transcode option. The
 * channel screen of the line-up links here with `?channel=<id>`.
 */
export default function Live({
  lang,
  canEdit,
  channel,
}: {
  lang: Lang;
  canEdit: boolean;
  channel?: string | undefined;
}) {
  const t = createAdminT(lang);
  const ready = useHydrated();
  const listed = useStore($liveChannels);
  const channels = listed?.channels ?? [];
  const [editing, setEditing] = useState<LiveChannelView | null>(null);
  const form = useConsoleForm<Draft>({ sources: '', mode: 'relay', retentionDays: '', video: 'copy' });
  const draft = form.values;
  const [openId, setOpenId] = useState(channel ?? '');
  const [lineup, setLineup] = useState<ConsoleChannel[]>([]);
  const { busy, outcome, act } = useConsoleAction(t);
  // What an action in the list says (a source made primary) shows under the list's title.
  const list = useConsoleAction(t);

  const open = (id: string) =>
    act(async () => {
      const c = await liveChannel(id);
      if (!c) return;
      setEditing(c);
      form.reset(draftOf(c));
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first view, once
  useEffect(() => {
    void act(async () => {
      await loadLiveChannels();
      if (canEdit) setLineup((await consoleApi.operator.lineupList({})).channels);
      if (channel && canEdit) await open(channel);
    });
  }, []);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const input = {
      channelId: editing.channelId,
      sources: linesOf(draft.sources),
      mode: draft.mode,
      video: draft.video,
      ...(draft.mode === 'record' ? { retentionDays: Number(draft.retentionDays) } : {}),
    };
    const words = (k: string) =>
      t(k === 'retentionDays' ? 'admin.live.error.retention' : 'admin.live.error.sources');
    if (!form.check(liveSourcesSet, input, words)) return;
    void act(async () => {
      const saved = await saveLiveSources(input);
      setEditing(saved);
      form.reset(draftOf(saved));
      return t('admin.live.saved', { name: saved.name });
    });
  };

  const toPosition = (c: LiveChannelView, from: number, to: number) =>
    list.act(async () => {
      const moved = await moveSource(c, from, to);
      return to === 1
        ? t('admin.live.madePrimary', { url: moved, name: c.name })
        : t('admin.live.moved', { from, to, name: c.name });
    });

  const toSource = (c: LiveChannelView, position: number) =>
    list.act(async () => {
      await switchToSource(c, position);
      return t('admin.live.switching', { n: position, name: c.name });
    });

  return (
    <div className="console-grid console-live" data-ready={ready}>
      {canEdit && (
        <section className="console-card" aria-labelledby="live-open-title">
          <h2 id="live-open-title">{t('admin.live.open')}</h2>
          <form
            className="console-row"
            onSubmit={(e) => {
              e.preventDefault();
              if (openId) void open(openId);
            }}
          >
            <ChannelPicker
              label={t('admin.live.channel')}
              channels={lineup}
              value={openId}
              onChange={setOpenId}
              placeholder={t('admin.live.channelPick')}
            />
            <button type="submit" className="console-button secondary" disabled={busy || !ready}>
              {t('admin.live.openButton')}
            </button>
          </form>
          {!editing && <Outcome outcome={outcome} />}
        </section>
      )}

      {editing && (
        <section className="console-card" aria-labelledby="live-edit-title" data-testid="live-editor">
          <h2 id="live-edit-title">{t('admin.live.editTitle', { name: editing.name })}</h2>
          <form className="console-form" onSubmit={save} noValidate>
            <TextAreaField
              label={t('admin.live.sources')}
              hint={t('admin.live.sourcesHint')}
              rows={4}
              spellCheck={false}
              {...form.bind('sources')}
            />
            <LiveInputTest
              t={t}
              channelId={editing.channelId}
              lines={linesOf(draft.sources)}
              video={draft.video}
              disabled={busy || !ready}
            />
            <fieldset className="console-field">
              <legend>{t('admin.live.mode')}</legend>
              {(['relay', 'record'] as const).map((m) => (
                <label key={m}>
                  <input
                    type="radio"
                    name="mode"
                    value={m}
                    checked={draft.mode === m}
                    onChange={() => form.setValues((d) => ({ ...d, mode: m }))}
                  />{' '}
                  {t(m === 'relay' ? 'admin.live.modeRelay' : 'admin.live.modeRecord')}
                </label>
              ))}
            </fieldset>
            {draft.mode === 'record' && (
              <Field
                label={t('admin.live.retention')}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_RETENTION_DAYS}
                {...form.bind('retentionDays')}
              />
            )}
            <SelectField label={t('admin.live.video')} {...form.bind('video')}>
              <option value="copy">{t('admin.live.videoCopy')}</option>
              <option value="h264">{t('admin.live.videoH264')}</option>
              <option value="ladder">{t('admin.live.videoLadder')}</option>
            </SelectField>
            <div className="console-row">
              <button type="submit" className="console-button" disabled={busy || !ready}>
                {t('admin.live.save')}
              </button>
              <button type="button" className="console-button secondary" onClick={() => setEditing(null)}>
                {t('admin.live.close')}
              </button>
            </div>
          </form>
          <Outcome outcome={outcome} />
        </section>
      )}

      <section className="console-card console-live-list" aria-labelledby="live-list-title">
        <h2 id="live-list-title">{t('admin.live.channels')}</h2>
        <Outcome outcome={list.outcome} />
        {listed === null ? (
          <p aria-busy="true">{t('admin.loading')}</p>
        ) : channels.length === 0 ? (
          <p>{t('admin.live.none')}</p>
        ) : (
          <p className="console-hint">
            {t('admin.live.count', { shown: channels.length, total: listed?.total ?? 0 })}
          </p>
        )}
        <ul className="console-list">
          {channels.map((c) => (
            <LiveChannelHealth
              key={c.channelId}
              c={c}
              t={t}
              lang={lang}
              canEdit={canEdit}
              busy={busy || list.busy}
              onEdit={() => void open(c.channelId)}
              onMove={(from, to) => void toPosition(c, from, to)}
              onSwitch={(position) => void toSource(c, position)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}
